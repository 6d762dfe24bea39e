import '@mantine/dropzone/styles.css';
import { DOCUMENT_LIMITS, openTagGroupIds, type UploadRejection } from '@ledgerport/shared';
import { ActionIcon, Alert, Button, FileButton, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCamera, IconFile, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { useUploadRequestItemFiles } from '../api/upload-request-item-files';
import { fileProblemOf, responseProblem, type FileProblem, type ResponseProblem } from './request-item-labels';

const MAX_SIZE_TEXT = formatFileSize(DOCUMENT_LIMITS.maxFileBytes);

/**
 * What the file picker offers: the types the API stores (`ALLOWED` and the text types in
 * apps/api/src/lib/file-intake/content-sniffing.ts). A phone offers its photos and files for these;
 * a dropped file is not filtered here, so the server still says why it refuses one.
 */
const ACCEPTED_FILES = [
  'image/*',
  'application/pdf',
  ...['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'heic', 'heif', 'tif', 'tiff', 'bmp'],
  ...['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'zip'],
]
  .map((type) => (type.includes('/') ? type : `.${type}`))
  .join(',');

interface ChosenFile {
  key: string;
  file: File;
  problem?: FileProblem;
}

let keySequence = 0;

/**
 * Choose files for an item and send them together, in one request: the first stored upload submits
 * the item, so they cannot go one by one as in the upload dialog. The item card shows the progress
 * (`onProgress`), which stays once the item has moved on.
 */
export function ItemFilesForm({
  requestId,
  itemId,
  itemTagIds,
  onProgress,
  onSent,
  onProblem,
  extraAction,
  progress,
}: {
  requestId: number;
  itemId: number;
  /** The item's own tags; the groups they activate but leave open are chosen here. */
  itemTagIds: readonly number[];
  /** 0-100 while sending; null when a send failed. */
  onProgress: (percent: number | null) => void;
  /** Files the server refused while storing the others (the item is submitted all the same). */
  onSent: (rejected: UploadRejection[]) => void;
  onProblem: (problem: ResponseProblem | null) => void;
  /** Shown at the left of the send button (the item's "Not applicable"). */
  extraAction?: ReactNode;
  /** The send's progress bar, between the files and the send button. */
  progress?: ReactNode;
}) {
  const { t } = useTranslation();
  const upload = useUploadRequestItemFiles();
  const openPicker = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [notAdded, setNotAdded] = useState<string[]>([]);
  const tagGroups = useTagGroups();
  const openGroups = openTagGroupIds(tagGroups.data ?? [], itemTagIds).flatMap(
    (groupId) => tagGroups.data?.find((group) => group.id === groupId) ?? [],
  );
  const [chosenTags, setChosenTags] = useState<Record<number, string | null>>({});
  const [tagsMissing, setTagsMissing] = useState(false);
  const busy = upload.isPending;

  const add = (dropped: File[]) => {
    const messages: string[] = [];
    const fitting = dropped.filter((file) => {
      if (file.size <= DOCUMENT_LIMITS.maxFileBytes) return true;
      messages.push(t('toDos.files.notAdded', { name: file.name, maxSize: MAX_SIZE_TEXT }));
      return false;
    });
    const room = Math.max(0, DOCUMENT_LIMITS.maxFilesPerUpload - files.length);
    if (fitting.length > room) {
      messages.push(
        t('toDos.files.tooMany', { maxFiles: DOCUMENT_LIMITS.maxFilesPerUpload, count: fitting.length - room }),
      );
    }
    setNotAdded(messages);
    const added = fitting.slice(0, room).map((file) => ({ key: `file-${++keySequence}`, file }));
    setFiles((current) => [...current.map(({ key, file }) => ({ key, file })), ...added]);
  };

  const send = async () => {
    const extraTags = openGroups.map((group) => chosenTags[group.id]);
    if (extraTags.some((tagId) => !tagId)) {
      setTagsMissing(true);
      return;
    }
    setTagsMissing(false);
    onProblem(null);
    setNotAdded([]);
    onProgress(0);
    try {
      const result = await upload.mutateAsync({
        id: requestId,
        itemId,
        files: files.map(({ file }) => file),
        tagIds: extraTags.map(Number),
        onProgress: (loaded, total) => onProgress(total > 0 ? (loaded / total) * 100 : 0),
      });
      onProgress(100);
      onSent(result.rejected);
      notify.success(t('toDos.files.sent', { count: result.documents.length }), { key: `request-item-${itemId}` });
    } catch (error) {
      onProgress(null);
      // Every file refused (413, 415, an empty file): each one says why, so the person can swap it.
      if (isApiError(error) && (error.status === 413 || error.status === 415 || error.status === 400)) {
        const problem = fileProblemOf(error.code, error.status);
        if (problem !== 'failed') {
          setFiles((current) => current.map((item) => ({ ...item, problem })));
          return;
        }
      }
      onProblem(responseProblem(error, t, t('toDos.files.failed')));
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={add}
        openRef={openPicker}
        activateOnClick={false}
        disabled={busy}
        multiple
        p="sm"
        inputProps={{ accept: ACCEPTED_FILES }}
      >
        <Group justify="center" gap="sm" style={{ pointerEvents: 'none' }} wrap="wrap">
          <IconUpload size={24} stroke={1.5} aria-hidden />
          <Stack gap={0} align="flex-start">
            <Text size="sm">{t('toDos.files.dropzone')}</Text>
            <Text size="xs" c="dimmed">
              {t('toDos.files.hint', { maxFiles: DOCUMENT_LIMITS.maxFilesPerUpload, maxSize: MAX_SIZE_TEXT })}
            </Text>
          </Stack>
          <Button
            variant="light"
            size="xs"
            onClick={() => openPicker.current?.()}
            disabled={busy}
            style={{ pointerEvents: 'all' }}
          >
            {t('toDos.files.choose')}
          </Button>
          {/*
           * The camera on its own button: \`capture\` makes some phones open only the camera, so
           * "Choose files" keeps offering the photos and files already on the phone.
           */}
          <FileButton
            onChange={(photo) => {
              if (photo) add([photo]);
              // The same photo again is a change too.
              resetPhoto.current?.();
            }}
            resetRef={resetPhoto}
            accept="image/*"
            capture="environment"
            disabled={busy}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconCamera size={14} aria-hidden />}
                style={{ pointerEvents: 'all' }}
              >
                {t('common.files.takePhoto')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Dropzone>
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
        <Stack component="ul" gap={4} p={0} m={0} aria-label={t('toDos.files.chosen')} style={{ listStyle: 'none' }}>
          {files.map(({ key, file, problem }) => (
            <Group component="li" key={key} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {formatFileSize(file.size)}
                    </Text>
                  </Text>
                  {problem && (
                    <Text size="xs" c="red" role="alert">
                      {t(`toDos.files.problem.${problem}`, { maxSize: MAX_SIZE_TEXT })}
                    </Text>
                  )}
                </Stack>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={busy}
                onClick={() => setFiles((current) => current.filter((item) => item.key !== key))}
                aria-label={t('toDos.files.remove', { name: file.name })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {openGroups.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {openGroups.map((group) => (
            <Select
              key={group.id}
              label={group.displayName}
              description={t('toDos.files.tagHint')}
              required
              data={group.tags.map((tag) => ({ value: String(tag.id), label: tag.displayName }))}
              value={chosenTags[group.id] ?? null}
              onChange={(value) => setChosenTags((current) => ({ ...current, [group.id]: value }))}
              error={tagsMissing && !chosenTags[group.id] ? t('common.validation.required') : undefined}
              disabled={busy}
              searchable
            />
          ))}
        </SimpleGrid>
      )}
      {progress}
      <Group justify={extraAction ? 'space-between' : 'flex-end'} gap="sm">
        {extraAction}
        <Button onClick={() => void send()} loading={busy} disabled={files.length === 0}>
          {t('toDos.files.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
