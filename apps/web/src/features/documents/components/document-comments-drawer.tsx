import type { DocumentListItemDto } from '@ledgerport/shared';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentComments } from './document-comments';

/** Spec 02: comments open in a side details panel. */
export function DocumentCommentsDrawer({
  document,
  onClose,
}: {
  document: DocumentListItemDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={document !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={document ? `${t('documents.comments.title')}: ${document.displayName}` : t('documents.comments.title')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {document && (
        <DocumentComments
          key={document.id}
          documentId={document.id}
          label={t('documents.comments.list', { name: document.displayName })}
        />
      )}
    </Drawer>
  );
}
