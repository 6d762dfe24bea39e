import { DOCUMENT_LIMITS, MESSAGE_ERROR, MESSAGE_LIMITS, isBlankHtml, type ConversationDto } from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconFile, IconPaperclip, IconSend, IconTrash } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formatFileSize } from '@/lib/file-size';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { TagPicker } from '@/components/ui/tag-picker';
import { tagSelectionMessage } from '@/components/ui/tag-selection-message';
import { useSendMessage } from '../api/send-message';
import { LazyRichTextField } from '@/components/ui/rich-text-field';

const MAX_SIZE_TEXT = formatFileSize(DOCUMENT_LIMITS.maxFileBytes);

interface ChosenFile {
  key: string;
  file: File;
}

let keySequence = 0;

/**
 * The reply at the bottom of a conversation: rich text, files (they become documents of the client,
 * filed under the chosen service or the firm's default for messages), for staff with message:note an
 * "Internal note" switch. Ctrl+Enter (⌘+Enter) sends; what was typed stays when sending fails.
 */
export function MessageComposer({ conversation, canNote }: { conversation: ConversationDto; canNote: boolean }) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [html, setHtml] = useState('');
  // Changing it empties the editor after a send (the editor keeps its own document).
  const [editorKey, setEditorKey] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  // Undefined until the sender picks one: the firm's default for messages then applies.
  const [chosenServiceId, setChosenServiceId] = useState<string | null | undefined>(undefined);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [tagError, setTagError] = useState<string | undefined>();
  const [note, setNote] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notAdded, setNotAdded] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const services = useActiveServices({ clientId: conversation.clientId }, { enabled: files.length > 0 });
  const tagGroups = useTagGroups();
  const busy = send.isPending;
  // The firm's default, shown as chosen when the client has it, so its tags (and their rules) are on
  // offer as for any other service; a client without it leaves the choice to the sender.
  const defaultServiceId =
    conversation.attachmentServiceId !== null &&
    (services.data ?? []).some((service) => service.id === conversation.attachmentServiceId)
      ? String(conversation.attachmentServiceId)
      : null;
  const serviceId = chosenServiceId === undefined ? defaultServiceId : chosenServiceId;

  const add = (chosen: File[]) => {
    const problems: string[] = [];
    const fitting = chosen.filter((file) => {
      if (file.size <= DOCUMENT_LIMITS.maxFileBytes) return true;
      problems.push(t('messages.composer.tooLarge', { name: file.name, maxSize: MAX_SIZE_TEXT }));
      return false;
    });
    const room = Math.max(0, MESSAGE_LIMITS.attachmentsPerMessage - files.length);
    if (fitting.length > room)
      problems.push(t('messages.composer.tooMany', { max: MESSAGE_LIMITS.attachmentsPerMessage }));
    setNotAdded(problems);
    setFiles((current) => [
      ...current,
      ...fitting.slice(0, room).map((file) => ({ key: `file-${++keySequence}`, file })),
    ]);
  };

  // Until the client's services are known, the default (and its tag rules) cannot be applied.
  const servicesLoading = files.length > 0 && services.isPending;

  const submit = async () => {
    if (busy || servicesLoading) return;
    if (isBlankHtml(html)) {
      setError(t('common.validation.required'));
      return;
    }
    setError(undefined);
    // The files are filed like any upload: a chosen service's tag rules apply (the firm's default
    // service, chosen by leaving it empty, files them as the server's default says).
    const tagProblem =
      files.length > 0 && serviceId
        ? tagSelectionMessage(tagGroups.data ?? [], Number(serviceId), tagIds, t)
        : undefined;
    setTagError(tagProblem);
    if (tagProblem) return;
    const isInternalNote = canNote && note;
    const withFiles = files.length > 0;
    if (withFiles) setProgress(0);
    // The text leaves the editor as it is sent, so the next message can be typed while this one is on
    // its way (clearing on success would wipe it); a failed send puts it back in front.
    const sent = html;
    setHtml('');
    setEditorKey((key) => key + 1);
    try {
      await send.mutateAsync({
        conversationId: conversation.id,
        input: { html: sent, isInternalNote },
        files: files.map(({ file }) => file),
        serviceId: serviceId ? Number(serviceId) : null,
        tagIds: serviceId ? tagIds : [],
        onProgress: (loaded, total) => setProgress(total > 0 ? (loaded / total) * 100 : 0),
      });
      setFiles([]);
      setChosenServiceId(undefined);
      setTagIds([]);
      setNotAdded([]);
      setNote(false);
      // No toast: the message appearing in the conversation says it was sent, and a toast would sit
      // over the Send button at the bottom right, where the next message is sent from.
    } catch (caught) {
      setHtml((typed) => (isBlankHtml(typed) ? sent : sent + typed));
      setEditorKey((key) => key + 1);
      notify.error(sendProblem(caught, t), { key: 'message-send' });
    } finally {
      setProgress(null);
    }
  };

  const onKeyDownCapture = (event: KeyboardEvent) => {
    // Before the editor sees it: Tiptap would make Mod+Enter a line break.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.stopPropagation();
      void submit();
    }
  };

  const noteOn = canNote && note;
  return (
    <Paper
      component="form"
      withBorder
      p="sm"
      aria-label={t('messages.composer.label')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDownCapture={onKeyDownCapture}
      bg={noteOn ? 'var(--mantine-color-yellow-light)' : undefined}
      style={noteOn ? { borderColor: 'var(--mantine-color-yellow-6)' } : undefined}
    >
      <Stack gap="xs">
        <LazyRichTextField
          key={editorKey}
          label={t('messages.composer.message')}
          hideLabel
          value={html}
          onChange={(value) => {
            setHtml(value);
            if (error && !isBlankHtml(value)) setError(undefined);
          }}
          error={error}
          height={72}
        />
        {notAdded.length > 0 && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {notAdded.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        {files.length > 0 && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack
              component="ul"
              gap={2}
              p={0}
              m={0}
              style={{ listStyle: 'none', flex: '1 1 240px', minWidth: 0 }}
              aria-label={t('messages.composer.attachments')}
            >
              {files.map(({ key, file }) => (
                <Group component="li" key={key} gap="xs" wrap="nowrap">
                  <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {formatFileSize(file.size)}
                    </Text>
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    disabled={busy}
                    onClick={() => setFiles((current) => current.filter((item) => item.key !== key))}
                    aria-label={t('messages.composer.remove', { name: file.name })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Select
              label={t('messages.composer.service')}
              placeholder={t('messages.composer.serviceDefault')}
              size="xs"
              w={260}
              data={servicesToSelectData(services.data ?? [])}
              value={serviceId}
              onChange={(value) => {
                setChosenServiceId(value);
                // The tags on offer depend on the service.
                setTagIds([]);
                setTagError(undefined);
              }}
              // With a default on offer, clearing would only hide its tags: pick another instead.
              clearable={defaultServiceId === null}
              disabled={busy}
            />
          </Group>
        )}
        {files.length > 0 && serviceId && (
          <TagPicker
            serviceId={Number(serviceId)}
            value={tagIds}
            onChange={(value) => {
              setTagIds(value);
              setTagError(undefined);
            }}
            error={tagError}
            disabled={busy}
          />
        )}
        {progress !== null && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('messages.composer.sending', { percent: Math.round(progress) })}
            </Text>
            <Progress value={progress} animated={progress < 100} aria-label={t('messages.composer.progress')} />
          </Stack>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            {/* A note is text only: its files would become documents the client's people can open. */}
            <FileButton onChange={add} multiple disabled={busy || noteOn}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} aria-hidden />}>
                  {t('messages.composer.attach')}
                </Button>
              )}
            </FileButton>
            {canNote && (
              <Switch
                label={t('messages.composer.internalNote')}
                description={
                  files.length > 0
                    ? t('messages.composer.internalNoteNoFiles')
                    : t('messages.composer.internalNoteHelp')
                }
                checked={note}
                onChange={(event) => setNote(event.currentTarget.checked)}
                color="yellow"
                disabled={busy || files.length > 0}
              />
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('messages.composer.shortcut')}
            </Text>
            <Button type="submit" loading={busy || servicesLoading} leftSection={<IconSend size={16} aria-hidden />}>
              {noteOn ? t('messages.composer.sendNote') : t('messages.composer.send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function sendProblem(error: unknown, t: TFunction): string {
  if (isApiError(error, 413))
    return t('messages.feedback.fileRefused', { reason: t('messages.feedback.fileTooLarge') });
  if (isApiError(error, 415)) return t('messages.feedback.fileRefused', { reason: t('messages.feedback.fileType') });
  if (isApiError(error) && error.code === MESSAGE_ERROR.noAttachmentService) return t('messages.feedback.noService');
  return t('messages.feedback.sendError');
}
