import { requestScheduleSchema, type RequestScheduleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys } from './request-keys';

export function postRequestSchedule(input: RequestScheduleInput) {
  return api.post('/document/request-schedules', { body: input, schema: requestScheduleSchema });
}

export function useCreateRequestSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRequestSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestScheduleKeys.lists() }),
  });
}
