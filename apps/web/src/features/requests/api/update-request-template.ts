import { requestTemplateDetailsSchema, type RequestTemplateInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestScheduleKeys, requestTemplateKeys } from './request-keys';

/** `version` is the one the dialog loaded: a save over a newer one is refused (412). */
export function putRequestTemplate({
  id,
  input,
  version,
}: {
  id: number;
  input: RequestTemplateInput;
  version?: string;
}) {
  return api.put(`/document/request-templates/${id}`, {
    body: input,
    schema: requestTemplateDetailsSchema,
    ifMatch: version,
  });
}

/** The recurring requests list shows template names, so a rename refreshes it too. */
export function useUpdateRequestTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRequestTemplate,
    onSuccess: async (template) => {
      queryClient.setQueryData(requestTemplateKeys.details(template.id), template);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: requestTemplateKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: requestScheduleKeys.lists() }),
      ]);
    },
  });
}
