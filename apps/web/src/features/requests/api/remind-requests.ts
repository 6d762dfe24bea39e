import { remindResultSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestKeys } from './request-keys';

/**
 * "Remind now": one request from its page (`POST /document/requests/:id/remind`, 409 once it is
 * closed), or the Requests list's selection (`POST /document/requests/remind`, closed ones counted
 * as skipped). Each person gets at most one reminder a day; the answer says how many were reminded
 * and how many had theirs already.
 */
export type RemindTarget = { requestId: number } | { ids: number[] };

export function remindRequests(target: RemindTarget) {
  return 'requestId' in target
    ? api.post(`/document/requests/${target.requestId}/remind`, { schema: remindResultSchema })
    : api.post('/document/requests/remind', { body: { ids: target.ids }, schema: remindResultSchema });
}

export function useRemindRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindRequests,
    // The requests' details count the reminders sent; who was reminded today has changed.
    onSuccess: (_result, target) =>
      Promise.all(
        ('requestId' in target ? [target.requestId] : target.ids).flatMap((id) => [
          queryClient.invalidateQueries({ queryKey: requestKeys.details(id) }),
          queryClient.invalidateQueries({ queryKey: requestKeys.reminderRecipients(id) }),
        ]),
      ),
  });
}
