import { userDetailsDtoSchema, type UpdateUserInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { userKeys } from './user-keys';

/** `version` is the one the form loaded, sent as If-Match: a user saved meanwhile answers 412. */
export function updateUser({ id, input, version }: { id: number; input: UpdateUserInput; version?: string }) {
  return api.put(`/identity/users/${id}`, {
    body: { ...input, roles: [input.roleId] },
    ifMatch: version,
    schema: userDetailsDtoSchema,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // A user's name, role and status decide who is in the advisors pickers.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        invalidateReferenceData(queryClient, 'advisors'),
      ]),
  });
}
