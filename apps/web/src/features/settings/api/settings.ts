import { firmSettingsSchema, type FirmSettings } from '@ledgerport/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsKey = ['firm-settings'] as const;

export function firmSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get('/identity/settings', { schema: firmSettingsSchema, signal }),
  });
}

export function useFirmSettings() {
  return useQuery(firmSettingsQueryOptions());
}

export function useSaveFirmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FirmSettings) => api.put('/identity/settings', { body: values, schema: firmSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
