import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useChangeUserStatus } from '../api/change-user-status';

export interface UserStatusTarget {
  id: number;
  fullName: string;
  isActive: boolean;
  /** The version the list showed (If-Match). */
  version?: string;
}

/**
 * Activate or deactivate, after a confirmation worded for the user's current state (spec 01
 * section 4.7). `onChanged` lets the screen go back a page before the list reloads.
 */
export function UserStatusDialog({
  target,
  onClose,
  onChanged,
}: {
  target: UserStatusTarget | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeUserStatus();
  // Kept while the dialog closes, so its words do not change during the closing transition.
  const deactivating = target?.isActive ?? false;
  const name = target?.fullName ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await change.mutateAsync({ id: target.id, isActive: !target.isActive, version: target.version });
      notify.success(
        deactivating ? t('users.messages.deactivated', { name }) : t('users.messages.activated', { name }),
        { key: `user-status-${target.id}` },
      );
      onChanged();
      onClose();
    } catch (error) {
      if (staleVersionOf(error)) {
        // Changed since the list loaded: the list shows the user as they are now, to decide again.
        notify.error(t('common.conflict.changedMeanwhile', { name }), { key: 'user-status-failed' });
        onChanged();
        onClose();
        return;
      }
      notify.error(deactivating ? t('users.messages.deactivateError') : t('users.messages.activateError'), {
        key: 'user-status-failed',
      });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={deactivating ? t('users.status.deactivateTitle') : t('users.status.activateTitle')}
      message={
        deactivating ? t('users.status.deactivateMessage', { name }) : t('users.status.activateMessage', { name })
      }
      confirmLabel={deactivating ? t('common.actions.deactivate') : t('common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
