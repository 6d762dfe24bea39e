import { CONTRACTOR_ERROR } from '@ledgerport/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeleteContractor } from '../api/delete-contractor';

export interface ContractorTarget {
  id: number;
  name: string;
}

/** Deletes a contractor after confirmation; `onDeleted` lets the screen step back a page and reload. */
export function DeleteContractorDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: ContractorTarget | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteContractor();
  const name = target?.name ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify.success(t('contractors.messages.deleted', { name }), { key: `contractor-deleted-${target.id}` });
      onDeleted();
      onClose();
    } catch (error) {
      // A confirmed card payment covers this contractor: say so rather than a bare failure.
      const processing = error instanceof ApiError && error.code === CONTRACTOR_ERROR.paymentProcessing;
      notify.error(t(processing ? 'contractors.messages.paymentInProgress' : 'contractors.messages.deleteError'), {
        key: 'contractor-delete-failed',
      });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('contractors.confirm.deleteTitle')}
      message={t('contractors.confirm.delete', { name })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
