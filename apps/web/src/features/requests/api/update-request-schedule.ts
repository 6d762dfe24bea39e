import { requestScheduleSchema, type RequestScheduleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys } from './request-keys';

/** `version` is the one the dialog loaded: a save over a newer one is refused (412). */
export function putRequestSchedule({
  id,
  input,
  version,
}: {
  id: number;
  input: RequestScheduleInput;
  version?: string;
}) {
  return api.put(`/document/request-schedules/${id}`, { body: input, schema: requestScheduleSchema, ifMatch: version });
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
