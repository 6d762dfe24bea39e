import { DOCUMENT_LIMITS, DOCUMENT_STATUSES, type DocumentStatus } from '@ledgerport/shared';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useChangeDocumentStatus } from '../api/change-document-status';
import { DOCUMENT_STATUS_LABEL } from './document-status-badge';

/** Bulk status change on Received docs (spec 02 section 4): any status, an optional comment. */
export function ChangeStatusDialog({
  documentIds,
  onClose,
  onChanged,
}: {
  /** null: closed. */
  documentIds: readonly number[] | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={documentIds !== null} onClose={onClose} title={t('documents.changeStatus.title')}>
      {documentIds && <ChangeStatusForm documentIds={documentIds} onClose={onClose} onChanged={onChanged} />}
    </Modal>
  );
}

function ChangeStatusForm({
  documentIds,
  onClose,
  onChanged,
}: {
  documentIds: readonly number[];
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
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
      { documentIds: [...documentIds], status: Number(status) as DocumentStatus, commentText: comment.trim() || null },
      {
        onSuccess: () => {
          notify.success(t('documents.messages.statusChanged'), { key: 'document-status' });
          onChanged();
        },
        onError: () => notify.error(t('documents.messages.statusError'), { key: 'document-status' }),
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
