import { requestTemplateDetailsSchema, type RequestTemplateInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestTemplateKeys } from './request-keys';

export function postRequestTemplate(input: RequestTemplateInput) {
  return api.post('/document/request-templates', { body: input, schema: requestTemplateDetailsSchema });
}

/** The dialog words the outcome itself: a taken name is a field error, not a notification. */
export function useCreateRequestTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRequestTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(requestTemplateKeys.details(template.id), template);
      await queryClient.invalidateQueries({ queryKey: requestTemplateKeys.lists() });
    },
  });
}
