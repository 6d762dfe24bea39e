import { userDetailsDtoSchema, type UpdateUserInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
