import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { accountKeys } from './account-keys';

export interface CollaboratorStatusChange {
  clientId: number;
  userId: number;
  fullName: string;
  /** The status to set. */
  activate: boolean;
  /** The version the owner's list showed (If-Match). */
  version?: string;
}

/** The owner activates or deactivates a collaborator of one of their clients. */
export function patchCollaboratorStatus({ clientId, userId, activate, version }: CollaboratorStatusChange) {
  const action = activate ? 'activate' : 'deactivate';
  return api.patch(`/document/users/me/clients/${clientId}/collaborators/${userId}/${action}`, { ifMatch: version });
}

export function useChangeCollaboratorStatus(options: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCollaboratorStatus,
    onSuccess: (_, change) => {
      notify.success(
        t(change.activate ? 'invitations.accounts.activated' : 'invitations.accounts.deactivated', {
          name: change.fullName,
        }),
        { key: 'collaborator-status' },
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.owner() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.details(change.clientId) });
      options.onSuccess?.();
    },
    onError: (error, change) => {
      if (staleVersionOf(error)) {
        // Changed since the list loaded (the firm edited the client's collaborators): show it as it is.
        notify.error(t('common.conflict.changedMeanwhile', { name: change.fullName }), { key: 'collaborator-status' });
        void queryClient.invalidateQueries({ queryKey: accountKeys.owner() });
        return;
      }
      notify.error(
        t(change.activate ? 'invitations.accounts.couldNotActivate' : 'invitations.accounts.couldNotDeactivate'),
        { key: 'collaborator-status' },
      );
    },
  });
}
