import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { setCurrentClient, useSession } from '@/lib/session';
import { accountKeys } from './account-keys';

/** A collaborator leaves a client. */
export function deleteCollaboration(clientId: number) {
  return api.delete(`/document/users/me/clients/${clientId}/collaboration`);
}

export function useLeaveCollaboration(options: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { currentClient } = useSession();
  return useMutation({
    mutationFn: ({ clientId }: { clientId: number; name: string }) => deleteCollaboration(clientId),
    onSuccess: (_, { clientId, name }) => {
      notify.success(t('invitations.accounts.left', { name }), { key: 'leave-collaboration' });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      // The server cleared it as the current client; the app then asks for another account.
      if (currentClient?.id === clientId) setCurrentClient(null);
      options.onSuccess?.();
    },
    onError: () => notify.error(t('invitations.accounts.couldNotLeave'), { key: 'leave-collaboration' }),
  });
}
