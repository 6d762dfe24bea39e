import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteDocuments } from '../api/delete-documents';
import type { DocumentListKind } from '../lib/document-kind';

/** Confirms a bulk delete naming how many documents go (spec 02, delete modal). */
export function DeleteDocumentsDialog({
  kind,
  documentIds,
  versions,
  onClose,
  onDeleted,
}: {
  kind: DocumentListKind;
  /** null: closed. */
  documentIds: readonly number[] | null;
  /** The versions the list showed, one per id (If-Match for each); absent when not all are known. */
  versions?: readonly string[];
  onClose: () => void;
  /** `stale`: the list no longer matched the server (a document was already gone); nothing was deleted. */
  onDeleted: (outcome: { stale: boolean }) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocuments();
  const count = documentIds?.length ?? 0;

  const confirm = () => {
    if (!documentIds) return;
    remove.mutate(
      { kind, ids: documentIds, versions },
      {
        onSuccess: () => {
          notify.success(t('documents.messages.deleted', { count }), { key: 'documents-delete' });
          onDeleted({ stale: false });
        },
        onError: (error) => {
          if (isApiError(error, 404) || staleVersionOf(error)) {
            notify.error(
              t(isApiError(error, 404) ? 'documents.messages.notFound' : 'documents.messages.changedMeanwhile'),
              {
                key: 'documents-delete',
              },
            );
            onDeleted({ stale: true });
          } else {
            notify.error(t('documents.messages.deleteError'), { key: 'documents-delete' });
          }
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={documentIds !== null}
      title={t('documents.delete.title')}
      message={t('documents.delete.message', { count })}
      confirmLabel={t('documents.delete.confirm')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
