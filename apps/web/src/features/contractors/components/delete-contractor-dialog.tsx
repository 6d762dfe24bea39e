import { CONTRACTOR_ERROR } from '@ledgerport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { savedByText, staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteContractor } from '../api/delete-contractor';
import { contractorKeys } from '../api/contractor-keys';

export interface ContractorTarget {
  id: number;
  name: string;
  /** The version the list loaded, sent as If-Match; when absent, the loaded list's row gives it. */
  version: string;
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
  const queryClient = useQueryClient();
  const name = target?.name ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync({
        id: target.id,
        version: target.version,
      });
      notify.success(t('contractors.messages.deleted', { name }), { key: `contractor-deleted-${target.id}` });
      onDeleted();
      onClose();
    } catch (error) {
      const stale = staleVersionOf(error);
      if (stale) {
        // Changed by someone else since the list was loaded: nothing deleted; the list shows it as it is now.
        const by = savedByText(t, stale);
        notify.error(`${t('contractors.messages.changedMeanwhile', { name })} ${by}`, {
          key: 'contractor-delete-failed',
        });
        void queryClient.invalidateQueries({ queryKey: contractorKeys.lists() });
        onClose();
        return;
      }
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
