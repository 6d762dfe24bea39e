import {
  ERROR_CODE,
  MESSAGE_EDIT_WINDOW_MINUTES,
  MESSAGE_ERROR,
  isBlankHtml,
  type MessageDto,
  type MessagePageDto,
  type StaleVersionDetails,
} from '@ledgerport/shared';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit, IconFile, IconLock } from '@tabler/icons-react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { StaleVersionAlert } from '@/components/ui/stale-version-alert';
import { isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { formatFileSize } from '@/lib/file-size';
import { notify } from '@/lib/notify';
import { useDownloadAttachment } from '../api/download-attachment';
import { useEditMessage } from '../api/edit-message';
import { messageKeys } from '../api/message-keys';
import { exactTimeOf } from '../lib/time';
import { LazyRichTextField } from '@/components/ui/rich-text-field';
import { TimeAgo } from './time-ago';

const EDIT_WINDOW_MS = MESSAGE_EDIT_WINDOW_MINUTES * 60_000;

/** The server says whether the author may still edit; the clock on screen hides the button once the window passed. */
export function canEditNow(message: MessageDto, now = Date.now()): boolean {
  return message.editable && now - new Date(message.createdAt).getTime() < EDIT_WINDOW_MS;
}

export interface MessageItemProps {
  message: MessageDto;
  /** The signed-in person wrote it. */
  own: boolean;
  /** A document's own page (preview, comments). */
  documentHref: (documentId: number) => string;
  /** Marked for a moment: the message a search result pointed at. */
  highlighted?: boolean;
  /** The reader is staff: the client's people's messages are marked, since names alone may not tell. */
  readerIsStaff?: boolean;
}

/** One message: author, time, "edited", the text, attachments; internal notes marked; the author's inline edit. */
export function MessageItem({
  message,
  own,
  documentHref,
  highlighted = false,
  readerIsStaff = false,
}: MessageItemProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const note = message.isInternalNote;

  return (
    <Paper
      component="article"
      id={`message-${message.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      withBorder
      p="sm"
      bg={note ? 'var(--mantine-color-yellow-light)' : own ? 'var(--mantine-primary-color-light)' : undefined}
      style={{
        borderColor: note ? 'var(--mantine-color-yellow-6)' : undefined,
        outline: highlighted ? '2px solid var(--mantine-primary-color-filled)' : undefined,
        scrollMarginTop: 16,
      }}
    >
      <Stack gap={6}>
        {note && (
          <Badge
            color="yellow"
            variant="filled"
            c="black"
            leftSection={<IconLock size={12} aria-hidden />}
            style={{ alignSelf: 'flex-start', textTransform: 'none' }}
          >
            {t('messages.conversation.internalNote')}
          </Badge>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm" id={headingId}>
              {own ? t('messages.conversation.you') : message.author.name}
            </Text>
            {!own && readerIsStaff !== message.author.isStaff && (
              <Badge size="xs" variant="light" color={message.author.isStaff ? 'indigo' : 'teal'}>
                {message.author.isStaff ? t('messages.conversation.fromFirm') : t('messages.conversation.fromClient')}
              </Badge>
            )}
            <TimeAgo value={message.createdAt} size="xs" />
            {message.editedAt && (
              <Text
                size="xs"
                c="dimmed"
                fs="italic"
                title={t('messages.conversation.editedAt', { time: exactTimeOf(message.editedAt) })}
              >
                {t('messages.conversation.edited')}
              </Text>
            )}
          </Group>
          {own && !editing && canEditNow(message) && (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconEdit size={14} aria-hidden />}
              onClick={() => setEditing(true)}
              aria-label={t('messages.conversation.editMessage')}
            >
              {t('messages.conversation.edit')}
            </Button>
          )}
        </Group>
        {editing ? (
          <EditMessageForm message={message} onDone={() => setEditing(false)} />
        ) : (
          <SanitizedHtml html={message.html} style={{ overflowWrap: 'anywhere' }} />
        )}
        {message.attachments.length > 0 && <Attachments message={message} documentHref={documentHref} />}
      </Stack>
    </Paper>
  );
}

function Attachments({ message, documentHref }: { message: MessageDto; documentHref: (id: number) => string }) {
  const { t } = useTranslation();
  const download = useDownloadAttachment();
  return (
    <Stack
      component="ul"
      gap={4}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('messages.conversation.attachments')}
    >
      {message.attachments.map((attachment) => (
        <Group component="li" key={attachment.documentId} gap="xs" wrap="nowrap">
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor
            component={Link}
            to={documentHref(attachment.documentId)}
            size="sm"
            aria-label={t('messages.conversation.openAttachment', { name: attachment.name })}
            style={{ overflowWrap: 'anywhere' }}
          >
            {attachment.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatFileSize(attachment.size)}
          </Text>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('messages.conversation.downloadAttachment', { name: attachment.name })}
            onClick={() =>
              download.mutate(
                { documentId: attachment.documentId, name: attachment.name },
                { onError: () => notify.error(t('messages.conversation.downloadError'), { key: 'message-download' }) },
              )
            }
          >
            <IconDownload size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The author's edit, in place. It is sent with the version on screen; when the message was saved
 * again meanwhile (the author in another tab), the typed text stays and the person chooses.
 */
function EditMessageForm({ message, onDone }: { message: MessageDto; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const edit = useEditMessage();
  const [html, setHtml] = useState(message.html);
  const [version, setVersion] = useState(message.version);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<{ details: StaleVersionDetails; theirs: MessageDto } | null>(null);

  const latest = async (): Promise<MessageDto | undefined> => {
    await queryClient.refetchQueries({ queryKey: messageKeys.messages(message.conversationId), exact: true });
    const data = queryClient.getQueryData<InfiniteData<MessagePageDto>>(messageKeys.messages(message.conversationId));
    return data?.pages.flatMap((page) => page.items).find((item) => item.id === message.id);
  };

  const save = async (withVersion = version) => {
    if (isBlankHtml(html)) {
      setError(t('common.validation.required'));
      return;
    }
    setError(undefined);
    try {
      await edit.mutateAsync({
        conversationId: message.conversationId,
        messageId: message.id,
        input: { html },
        version: withVersion,
      });
      setConflict(null);
      notify.success(t('messages.feedback.edited'), { key: `message-edit-${message.id}` });
      onDone();
    } catch (caught) {
      const stale = staleVersionOf(caught);
      if (stale) {
        const theirs = await latest();
        if (theirs) setConflict({ details: stale, theirs });
        return;
      }
      const expired =
        isApiError(caught) &&
        (caught.code === MESSAGE_ERROR.editWindowClosed || caught.code === MESSAGE_ERROR.notAuthor);
      notify.error(expired ? t('messages.feedback.editExpired') : t('messages.feedback.editError'), {
        key: `message-edit-${message.id}`,
      });
      if (expired || (isApiError(caught) && caught.code === ERROR_CODE.notFound)) onDone();
    }
  };

  return (
    <Stack gap="xs">
      {conflict && (
        <StaleVersionAlert
          details={conflict.details}
          texts={{
            title: t('messages.editConflict.title'),
            kept: t('messages.editConflict.kept'),
            takeTheirs: t('messages.editConflict.takeTheirs'),
            overwrite: t('messages.editConflict.overwrite'),
          }}
          busy={edit.isPending}
          onTakeTheirs={() => {
            setHtml(conflict.theirs.html);
            setVersion(conflict.theirs.version);
            setConflict(null);
          }}
          onOverwrite={() => {
            setVersion(conflict.theirs.version);
            void save(conflict.theirs.version);
          }}
        />
      )}
      <LazyRichTextField
        key={version}
        label={t('messages.conversation.editMessage')}
        hideLabel
        value={html}
        onChange={setHtml}
        error={error}
        height={80}
      />
      <Text size="xs" c="dimmed">
        {t('messages.conversation.editWindow', { minutes: MESSAGE_EDIT_WINDOW_MINUTES })}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone} disabled={edit.isPending}>
          {t('messages.conversation.cancelEdit')}
        </Button>
        <Button size="xs" onClick={() => void save()} loading={edit.isPending}>
          {t('messages.conversation.saveEdit')}
        </Button>
      </Group>
    </Stack>
  );
}
