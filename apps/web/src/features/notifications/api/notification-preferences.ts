import { notificationPreferencesDtoSchema, type NotificationPreferencesInput } from '@ledgerport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PREFERENCES_PATH, notificationKeys } from './notification-keys';

export function getNotificationPreferences(signal?: AbortSignal) {
  return api.get(PREFERENCES_PATH, { schema: notificationPreferencesDtoSchema, signal });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

/** `version`: the one the form loaded, sent as If-Match (another tab's save meanwhile answers 412). */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: NotificationPreferencesInput; version?: string }) =>
      api.put(PREFERENCES_PATH, { body: input, ifMatch: version, schema: notificationPreferencesDtoSchema }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
