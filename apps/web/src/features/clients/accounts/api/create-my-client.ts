import { myClientDtoSchema, type CreateMyClientInput, type MyClientDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { accountKeys } from './account-keys';

/** A client user opens an account (client) of their own. */
export function postMyClient(input: CreateMyClientInput) {
  return api.post('/document/users/me/clients', { body: input, schema: myClientDtoSchema });
}

export function useCreateMyClient(options: { onSuccess?: (client: MyClientDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postMyClient,
    onSuccess: (client) => {
      notify.success(t('common.messages.created', { name: client.name }), { key: 'create-my-client' });
      // Into the cached list at once rather than after a refetch: the current-client step reads this
      // list, and with its only account now in it, chooses that account by itself.
      queryClient.setQueryData<MyClientDto[]>(accountKeys.mine(), (list) => [...(list ?? []), client]);
      void queryClient.invalidateQueries({ queryKey: accountKeys.owner() });
      options.onSuccess?.(client);
    },
    onError: () => notify.error(t('invitations.createAccount.couldNotCreate'), { key: 'create-my-client' }),
  });
}
