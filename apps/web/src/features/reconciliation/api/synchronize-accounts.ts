import { syncResultSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

/** synchronizeClientPlaidInstitutionAccounts: queues a job (202); a second call while one runs starts none. */
export function synchronizeAccounts(clientId: number) {
  return api.post(`${accountsPath(clientId)}/synchronize`, { schema: syncResultSchema });
}

export function useSynchronizeAccounts(clientId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => synchronizeAccounts(clientId),
    onSuccess: async () => {
      // Queued or already running, the user's next step is the same: wait, then look again.
      notify.info(t('reconciliation.messages.syncing'), { key: 'reconciliation-sync' });
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.accounts(clientId) });
    },
    onError: () => notify.error(t('reconciliation.messages.couldNotSynchronize'), { key: 'reconciliation-sync' }),
  });
}
