import { firmSettingsDtoSchema, type FirmSettings } from '@ledgerport/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsKey = ['firm-settings'] as const;

export function firmSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get('/identity/settings', { schema: firmSettingsDtoSchema, signal }),
  });
}

export function useFirmSettings() {
  return useQuery(firmSettingsQueryOptions());
}

export function useSaveFirmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `version`, the one the form loaded, goes as If-Match: another administrator's save meanwhile is a 412. */
    mutationFn: ({ values, version }: { values: FirmSettings; version?: string }) =>
      api.put('/identity/settings', { body: values, schema: firmSettingsDtoSchema, ifMatch: version }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
