import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

/** Soft delete: the leads are no longer shown anywhere (spec 02, deleteLeads). */
export function useDeleteLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    // With the versions the list showed (one per id), a lead changed meanwhile refuses the whole delete (412).
    mutationFn: ({ ids, versions }: { ids: readonly number[]; versions?: readonly string[] }) =>
      api.delete('/document/leads', { query: versions ? { ids, versions } : { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
  });
}
