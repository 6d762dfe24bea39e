import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys } from './request-keys';

/** The requests it made stay with their clients. */
export function deleteRequestSchedule({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/request-schedules/${id}`, { ifMatch: version });
}

export function useDeleteRequestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestSchedule,
    onSuccess: async (_, { id }) => {
      queryClient.removeQueries({ queryKey: requestScheduleKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: requestScheduleKeys.lists() });
    },
  });
}
