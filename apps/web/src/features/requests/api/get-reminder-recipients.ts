import { reminderRecipientsSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys } from './request-keys';

/** Who "Remind now" would reach on a request, and who already had today's reminder (staff). */
export function getReminderRecipients(id: number, signal?: AbortSignal) {
  return api.get(`/document/requests/${id}/reminder-recipients`, { schema: reminderRecipientsSchema, signal });
}

export function reminderRecipientsQueryOptions(id: number) {
  return queryOptions({
    queryKey: requestKeys.reminderRecipients(id),
    queryFn: ({ signal }) => getReminderRecipients(id, signal),
    // Whether someone was reminded today changes with anyone's "Remind now": asked afresh each time.
    staleTime: 0,
  });
}

export function useReminderRecipients(id: number, options: { enabled: boolean }) {
  return useQuery({ ...reminderRecipientsQueryOptions(id), enabled: options.enabled });
}
