import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useAddDocumentComment } from '../api/add-document-comment';
import { useDocumentComments } from '../api/get-document-comments';

/** A document's comments, oldest first as the server gives them, and the form to add one (spec 02). */
export function DocumentComments({ documentId, label }: { documentId: number; label: string }) {
  const { t } = useTranslation();
  const comments = useDocumentComments(documentId);
  const add = useAddDocumentComment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 02 section 5: required and not blank after trimming.
    const commentText = text.trim();
    if (!commentText) {
      setError(t('common.validation.required'));
      return;
    }
    add.mutate(
      { id: documentId, commentText },
      {
        onSuccess: () => {
          setText('');
          notify.success(t('documents.messages.commentAdded'), { key: 'document-comment' });
        },
        onError: () => notify.error(t('documents.messages.commentError'), { key: 'document-comment' }),
      },
    );
  };

  let list;
  if (comments.isError) {
    list = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('common.messages.fetchError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void comments.refetch()}>
            {t('errors.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (comments.isPending) {
    list = (
      <Center py="md">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  } else if (comments.data.length === 0) {
    list = <Text c="dimmed">{t('documents.comments.empty')}</Text>;
  } else {
    list = (
      <Stack component="ul" gap="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {comments.data.map((comment) => (
          <Paper component="li" key={comment.id} withBorder p="sm">
            <Group justify="space-between" gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {comment.creatorUser.fullName}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={comment.creationTime}>
                {formatDate(comment.creationTime, DATE_FORMAT.comment)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.commentText}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {list}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('documents.comments.newComment')}
            withAsterisk
            rows={3}
            maxLength={DOCUMENT_LIMITS.commentText}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('documents.comments.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
