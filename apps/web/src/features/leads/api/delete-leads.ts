import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

/** Soft delete: the leads are no longer shown anywhere (spec 02, deleteLeads). */
export function useDeleteLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => api.delete('/document/leads', { query: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
  });
}
