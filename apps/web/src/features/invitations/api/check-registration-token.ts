import { invitationReceivedResultSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/** Checks a register link; the server also marks the invitation received (status 2) the first time. */
export function postInvitationReceived(registrationToken: string, signal?: AbortSignal) {
  return api.post('/identity/invitations/received', {
    body: { registrationToken },
    schema: invitationReceivedResultSchema,
    signal,
  });
}

export function registrationTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.registrationToken(token),
    queryFn: ({ signal }) => postInvitationReceived(token, signal),
    // One check per visit: the answer only changes when this very page registers.
    staleTime: Infinity,
    retry: false,
  });
}

export function useRegistrationToken(token: string) {
  return useQuery({ ...registrationTokenQueryOptions(token), enabled: token.length > 0 });
}
