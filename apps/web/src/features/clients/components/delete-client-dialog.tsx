import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteClient } from '../api/delete-client';
import type { ClientTarget } from './client-status-dialog';

/** Deletes a client after confirmation; `onDeleted` lets the screen step back a page (spec 02 section 4). */
export function DeleteClientDialog({
  target,
  onClose,
  onDeleted,
  onChanged,
}: {
  target: ClientTarget | null;
  onClose: () => void;
  onDeleted: () => void;
  /** The client changed since the list loaded: the list reloads. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteClient();
  const name = target?.name ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync({ id: target.id, version: target.version });
      notify.success(t('clients.messages.deleted', { name }), { key: `client-deleted-${target.id}` });
      onDeleted();
      onClose();
    } catch (error) {
      if (staleVersionOf(error)) {
        notify.error(t('common.conflict.changedMeanwhile', { name }), { key: 'client-delete-failed' });
        onChanged();
        onClose();
        return;
      }
      notify.error(t('clients.messages.deleteError'), { key: 'client-delete-failed' });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('clients.delete.title')}
      message={t('clients.delete.message', { name })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
