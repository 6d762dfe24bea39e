import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

/** completeContractor when ticked, openContractor when unticked (spec 03 section 4). */
export function setContractorCompletion({ id, isCompleted }: { id: number; isCompleted: boolean }) {
  return api.post(`/document/contractors/${id}/${isCompleted ? 'complete' : 'open'}`);
}

export function useSetContractorCompletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setContractorCompletion,
    // Reloaded after a failure too, so the box shows what is stored; pending until the list is back.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractorKeys.lists() }),
  });
}
