import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { accountKeys } from './account-keys';

export interface CollaboratorStatusChange {
  clientId: number;
  userId: number;
  fullName: string;
  /** The status to set. */
  activate: boolean;
}

/** The owner activates or deactivates a collaborator of one of their clients. */
export function patchCollaboratorStatus({ clientId, userId, activate }: CollaboratorStatusChange) {
  const action = activate ? 'activate' : 'deactivate';
  return api.patch(`/document/users/me/clients/${clientId}/collaborators/${userId}/${action}`);
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
    onError: (_, change) =>
      notify.error(
        t(change.activate ? 'invitations.accounts.couldNotActivate' : 'invitations.accounts.couldNotDeactivate'),
        { key: 'collaborator-status' },
      ),
  });
}
