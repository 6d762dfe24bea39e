import { userDetailsDtoSchema, type UpdateUserInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { userKeys } from './user-keys';

export function updateUser({ id, input }: { id: number; input: UpdateUserInput }) {
  return api.put(`/identity/users/${id}`, {
    body: { ...input, roles: [input.roleId] },
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
