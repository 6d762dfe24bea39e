import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify';
import { useDeleteClient } from '../api/delete-client';
import type { ClientTarget } from './client-status-dialog';

/** Deletes a client after confirmation; `onDeleted` lets the screen step back a page (spec 02 section 4). */
export function DeleteClientDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: ClientTarget | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteClient();
  const name = target?.name ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify.success(t('clients.messages.deleted', { name }), { key: `client-deleted-${target.id}` });
      onDeleted();
      onClose();
    } catch {
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
