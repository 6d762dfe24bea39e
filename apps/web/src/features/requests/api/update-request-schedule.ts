import { requestScheduleSchema, type RequestScheduleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys } from './request-keys';

export function putRequestSchedule({ id, input }: { id: number; input: RequestScheduleInput }) {
  return api.put(`/document/request-schedules/${id}`, { body: input, schema: requestScheduleSchema });
}

export function useUpdateRequestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRequestSchedule,
    onSuccess: async (schedule) => {
      queryClient.setQueryData(requestScheduleKeys.details(schedule.id), schedule);
      await queryClient.invalidateQueries({ queryKey: requestScheduleKeys.lists() });
    },
  });
}
