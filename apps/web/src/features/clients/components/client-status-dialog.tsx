import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useChangeClientStatus } from '../api/change-client-status';

export interface ClientTarget {
  id: number;
  name: string;
  isActive: boolean;
  /** The version the list showed (If-Match). */
  version?: string;
}

/** Activate or deactivate after a confirmation worded for the client's current state (spec 02 section 4). */
export function ClientStatusDialog({
  target,
  onClose,
  onChanged,
}: {
  target: ClientTarget | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeClientStatus();
  const deactivating = target?.isActive ?? false;
  const name = target?.name ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await change.mutateAsync({ id: target.id, isActive: !target.isActive, version: target.version });
      notify.success(
        deactivating ? t('clients.messages.deactivated', { name }) : t('clients.messages.activated', { name }),
        { key: `client-status-${target.id}` },
      );
      onChanged();
      onClose();
    } catch (error) {
      if (staleVersionOf(error)) {
        // Changed since the list loaded: the list shows it as it is now, to decide again.
        notify.error(t('common.conflict.changedMeanwhile', { name }), { key: 'client-status-failed' });
        onChanged();
        onClose();
        return;
      }
      notify.error(deactivating ? t('clients.messages.deactivateError') : t('clients.messages.activateError'), {
        key: 'client-status-failed',
      });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={deactivating ? t('clients.status.deactivateTitle') : t('clients.status.activateTitle')}
      message={
        deactivating ? t('clients.status.deactivateMessage', { name }) : t('clients.status.activateMessage', { name })
      }
      confirmLabel={deactivating ? t('common.actions.deactivate') : t('common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
