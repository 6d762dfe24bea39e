import { userDetailsDtoSchema, type CreateUserInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import { userKeys } from './user-keys';

/** The role goes as roleId and, as the API's existing clients send it, as a one-item roles list. */
export function createUser(input: CreateUserInput) {
  return api.post('/identity/users', {
    body: { ...input, roles: [input.roleId] },
    schema: userDetailsDtoSchema,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // A user's name, role and status decide who is in the advisors pickers.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        invalidateReferenceData(queryClient, 'advisors'),
      ]),
  });
}
