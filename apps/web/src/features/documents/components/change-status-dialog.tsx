import { DOCUMENT_LIMITS, DOCUMENT_STATUSES, type DocumentStatus } from '@ledgerport/shared';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useChangeDocumentStatus } from '../api/change-document-status';
import { documentKeys } from '../api/document-keys';
import { DOCUMENT_STATUS_LABEL } from './document-status-badge';

/** Bulk status change on Received docs (spec 02 section 4): any status, an optional comment. */
export function ChangeStatusDialog({
  documentIds,
  versions,
  onClose,
  onChanged,
}: {
  /** null: closed. */
  documentIds: readonly number[] | null;
  /** The versions the list showed, one per id; absent when not all are known. */
  versions?: readonly string[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={documentIds !== null} onClose={onClose} title={t('documents.changeStatus.title')}>
      {documentIds && (
        <ChangeStatusForm documentIds={documentIds} versions={versions} onClose={onClose} onChanged={onChanged} />
      )}
    </Modal>
  );
}

function ChangeStatusForm({
  documentIds,
  versions,
  onClose,
  onChanged,
}: {
  documentIds: readonly number[];
  versions?: readonly string[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useChangeDocumentStatus();
  const [status, setStatus] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [missingStatus, setMissingStatus] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setMissingStatus(true);
      return;
    }
    change.mutate(
      {
        documentIds: [...documentIds],
        ...(versions ? { versions: [...versions] } : {}),
        status: Number(status) as DocumentStatus,
        commentText: comment.trim() || null,
      },
      {
        onSuccess: () => {
          notify.success(t('documents.messages.statusChanged'), { key: 'document-status' });
          onChanged();
        },
        onError: (error) => {
          if (staleVersionOf(error)) {
            // Changed since the list loaded: nothing was changed; the list shows them as they are now.
            notify.error(t('documents.messages.changedMeanwhile'), { key: 'document-status' });
            void queryClient.invalidateQueries({ queryKey: documentKeys.all });
            onChanged();
            return;
          }
          notify.error(t('documents.messages.statusError'), { key: 'document-status' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('documents.changeStatus.intro', { count: documentIds.length })}</Text>
        <Select
          label={t('documents.changeStatus.status')}
          withAsterisk
          data-autofocus
          data={DOCUMENT_STATUSES.map((value) => ({
            value: String(value),
            label: t(DOCUMENT_STATUS_LABEL[value as DocumentStatus]),
          }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setMissingStatus(false);
          }}
          error={missingStatus ? t('common.validation.required') : undefined}
        />
        <Textarea
          label={t('documents.changeStatus.comment')}
          rows={3}
          maxLength={DOCUMENT_LIMITS.commentText}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('documents.changeStatus.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
