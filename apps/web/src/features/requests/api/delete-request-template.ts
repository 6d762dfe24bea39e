import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestTemplateKeys } from './request-keys';

export function deleteRequestTemplate({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/request-templates/${id}`, { ifMatch: version });
}

/** 409 REQUEST_TEMPLATE_IN_USE while a recurring request uses it: the dialog says what to do. */
export function useDeleteRequestTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequestTemplate,
    onSuccess: async (_, { id }) => {
      queryClient.removeQueries({ queryKey: requestTemplateKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: requestTemplateKeys.lists() });
    },
  });
}
