import { connectionsNeedingActionDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONNECTIONS_NEEDING_ACTION_PATH, reconciliationKeys } from './reconciliation-keys';

/** Linked banks needing the client to reconnect, the longest waiting first (staff: every client's). */
export function getConnectionsNeedingAction(signal?: AbortSignal) {
  return api.get(CONNECTIONS_NEEDING_ACTION_PATH, { schema: connectionsNeedingActionDtoSchema, signal });
}

export function connectionsNeedingActionQueryOptions() {
  return queryOptions({
    queryKey: reconciliationKeys.connectionsNeedingAction(),
    queryFn: ({ signal }) => getConnectionsNeedingAction(signal),
  });
}

export function useConnectionsNeedingAction({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...connectionsNeedingActionQueryOptions(), enabled });
}
