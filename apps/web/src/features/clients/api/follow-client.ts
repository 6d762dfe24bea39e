import { clientFollowDtoSchema } from '@ledgerport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

const followPath = (clientId: number) => `/document/clients/${clientId}/follow`;

/** Whether the signed-in staff member follows the client (issue 22: followers hear what its people do). */
export function useClientFollow(clientId: number) {
  return useQuery({
    queryKey: clientKeys.follow(clientId),
    queryFn: ({ signal }) => api.get(followPath(clientId), { schema: clientFollowDtoSchema, signal }),
  });
}

/** Follow (PUT) or stop (DELETE); both are idempotent and answer the new state. */
export function useSetClientFollow(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.put(followPath(clientId), { schema: clientFollowDtoSchema })
        : api.delete(followPath(clientId), { schema: clientFollowDtoSchema }),
    onSuccess: (state) => queryClient.setQueryData(clientKeys.follow(clientId), state),
  });
}
