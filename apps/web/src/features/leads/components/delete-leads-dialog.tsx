import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteLeads } from '../api/delete-leads';

/** Confirms deleting the selected leads (spec 02: delete of selected rows; leads could-not-delete). */
export function DeleteLeadsDialog({
  leadIds,
  versions,
  onClose,
  onDeleted,
}: {
  /** null: closed. */
  leadIds: readonly number[] | null;
  /** The versions the list showed, one per id; absent when not all are known. */
  versions?: readonly string[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteLeads();
  const count = leadIds?.length ?? 0;
  const confirm = () => {
    if (!leadIds) return;
    remove.mutate(
      { ids: leadIds, versions },
      {
        onSuccess: () => {
          notify.success(t('leads.messages.deleted', { count }), { key: 'leads-delete' });
          onDeleted();
        },
        onError: (error) => {
          if (staleVersionOf(error)) {
            // Nothing was deleted; the list (refetched) shows the leads as they are now.
            notify.error(t('leads.messages.changedMeanwhile'), { key: 'leads-delete' });
            onClose();
            return;
          }
          notify.error(t('leads.messages.deleteError'), { key: 'leads-delete' });
        },
      },
    );
  };
  return (
    <ConfirmDialog
      opened={leadIds !== null}
      title={t('leads.delete.title')}
      message={t('leads.delete.message', { count })}
      confirmLabel={t('leads.delete.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
