import { invitationListSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys, type InvitationsListQuery } from './invitation-keys';

export function getInvitations(query: InvitationsListQuery, signal?: AbortSignal) {
  return api.get('/document/invitations', { query, schema: invitationListSchema, signal });
}

export function invitationsQueryOptions(query: InvitationsListQuery) {
  return queryOptions({
    queryKey: invitationKeys.list(query),
    queryFn: ({ signal }) => getInvitations(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(query: InvitationsListQuery) {
  return useQuery(invitationsQueryOptions(query));
}
