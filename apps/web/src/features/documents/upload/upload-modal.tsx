import '@mantine/dropzone/styles.css';
import { DOCUMENT_LIMITS, idSchema, type DocumentTagGroupOption } from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useAuthorization } from '@/lib/authorization';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';
import { TagPicker } from '@/components/ui/tag-picker';
import { formatFileSize } from '@/lib/file-size';
import type { UploadDialogProps } from './upload-dialog';
import { tagSelectionMessage } from '@/components/ui/tag-selection-message';
import { useUploadQueue, type AddResult, type QueuedFile } from './use-upload-queue';

/** Spec 02 section 8: the file table stops growing and scrolls above this many files. */
const ROWS_WITHOUT_SCROLL = 5;
const SCROLLING_TABLE_HEIGHT = 280;
const MAX_SIZE_TEXT = formatFileSize(DOCUMENT_LIMITS.maxFileBytes);

interface UploadFormValues {
  client: RemoteChoice | null;
  serviceId: string | null;
  tags: number[];
  description: string;
  displayName: string;
  uploadedOnBehalfOfClient: boolean;
}

const EMPTY: UploadFormValues = {
  client: null,
  serviceId: null,
  tags: [],
  description: '',
  displayName: '',
  uploadedOnBehalfOfClient: false,
};

/** What the form checks depends on who uploads and how many files are listed. */
interface FormRules {
  isClient: boolean;
  withDisplayName: boolean;
  tagGroups: readonly DocumentTagGroupOption[];
}

function uploadFormSchema({ isClient, withDisplayName }: FormRules) {
  return z.object({
    client: isClient ? z.null() : z.object({ value: idSchema, label: z.string() }),
    serviceId: idSchema,
    tags: z.array(z.number()),
    description: z.string().trim().max(DOCUMENT_LIMITS.description),
    displayName: withDisplayName ? z.string().trim().min(1).max(DOCUMENT_LIMITS.displayName) : z.string(),
    uploadedOnBehalfOfClient: z.boolean(),
  });
}
type UploadFormOutput = z.output<ReturnType<typeof uploadFormSchema>>;

/**
 * The contract's rules with the web app's words, plus the tag rule: the resolver reads the rules of the
 * current render (files come and go), and react-hook-form only shows errors after the first save, which
 * is the spec's "first validation pass skipped" for tags.
 */
function useUploadResolver(rules: FormRules, t: TFunction): Resolver<UploadFormValues, unknown, UploadFormOutput> {
  const latest = useRef(rules);
  latest.current = rules;
  return useMemo(
    () => async (values, context, options) => {
      const { tagGroups } = latest.current;
      const schema = uploadFormSchema(latest.current);
      const resolve = formResolver<typeof schema, UploadFormValues>(schema, t);
      const result = await resolve(values, context, options);
      const serviceId = Number(values.serviceId);
      const tagError = serviceId > 0 ? tagSelectionMessage(tagGroups, serviceId, values.tags, t) : undefined;
      if (!tagError) return result;
      return { values: {}, errors: { ...result.errors, tags: { type: 'custom', message: tagError } } };
    },
    [t],
  );
}

function FileRows({
  files,
  disabled,
  onRemove,
}: {
  files: QueuedFile[];
  disabled: boolean;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea h={files.length > ROWS_WITHOUT_SCROLL ? SCROLLING_TABLE_HEIGHT : undefined} type="auto">
      <Table verticalSpacing={6} stickyHeader aria-label={t('documentUpload.files.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documentUpload.files.name')}</Table.Th>
            <Table.Th w={90}>{t('documentUpload.files.size')}</Table.Th>
            <Table.Th w={140}>{t('documentUpload.files.progress')}</Table.Th>
            <Table.Th w={50}>
              <VisuallyHidden>{t('common.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map(({ key, file, progress, state, problem }) => (
            <Table.Tr key={key}>
              <Table.Td style={{ wordBreak: 'break-all' }}>
                <Text size="sm">{file.name}</Text>
                {problem && (
                  <Text size="xs" c="red" role="alert">
                    {t(`documentUpload.fileErrors.${problem}`, { maxSize: MAX_SIZE_TEXT })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatFileSize(file.size)}</Text>
              </Table.Td>
              <Table.Td>
                <Progress
                  value={progress}
                  color={state === 'failed' ? 'red' : undefined}
                  animated={state === 'uploading'}
                  aria-label={t('documentUpload.files.progressOf', { name: file.name })}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onRemove(key)}
                  disabled={disabled}
                  aria-label={t('documentUpload.files.remove', { name: file.name })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The name the server would give the document: the file's, without its extension. */
function withoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Files left out when added, said once under the drop zone until the next drop. */
function limitMessages(result: AddResult, t: TFunction): string[] {
  const messages: string[] = result.tooLarge.map((file) =>
    t('documentUpload.limits.tooLarge', { name: file.name, maxSize: MAX_SIZE_TEXT }),
  );
  if (result.overCount > 0) {
    messages.push(
      t('documentUpload.limits.tooMany', { maxFiles: DOCUMENT_LIMITS.maxFilesPerUpload, count: result.overCount }),
    );
  }
  return messages;
}

/**
 * The upload dialog's body (loaded with the dialog only: it brings the drop zone). Staff choose the
 * client; a client user uploads into their current client.
 */
export function UploadModal({ opened, onClose, onUploaded }: UploadDialogProps) {
  const { t } = useTranslation();
  const { isClient } = useAuthorization();
  const currentClientId = useSession().currentClient?.id ?? null;
  const queue = useUploadQueue();
  const [refused, setRefused] = useState<string[]>([]);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const openPicker = useRef<() => void>(null);
  const tagGroups = useTagGroups();
  const withDisplayName = queue.files.length === 1;

  const { control, register, handleSubmit, watch, setValue, formState } = useForm<
    UploadFormValues,
    unknown,
    UploadFormOutput
  >({
    defaultValues: EMPTY,
    resolver: useUploadResolver({ isClient, withDisplayName, tagGroups: tagGroups.data ?? [] }, t),
  });
  const client = watch('client');
  const serviceId = watch('serviceId');
  const clientId = isClient ? currentClientId : client ? Number(client.value) : null;
  // Staff see every service until they choose a client, then that client's: a document's service must be one of them.
  const services = useActiveServices({ clientId }, { enabled: !isClient || clientId !== null });

  const singleFileName = withDisplayName ? withoutExtension(queue.files[0]!.file.name) : null;
  useEffect(() => {
    setValue('displayName', singleFileName ?? '');
  }, [singleFileName, setValue]);

  useEffect(() => {
    const offered = services.data;
    if (!offered || serviceId === null || offered.some((service) => String(service.id) === serviceId)) return;
    setValue('serviceId', null);
    setValue('tags', []);
  }, [services.data, serviceId, setValue]);

  const requestClose = () => {
    if (queue.uploading) setConfirmingClose(true);
    else onClose();
  };

  const addFiles = (dropped: File[]) => setRefused(limitMessages(queue.add(dropped), t));

  const save = async (values: UploadFormOutput) => {
    setRefused([]);
    const result = await queue.upload({
      clientId: isClient ? undefined : values.client?.value,
      serviceId: values.serviceId,
      tags: values.tags,
      description: values.description || undefined,
      displayName: withDisplayName ? values.displayName : undefined,
      uploadedOnBehalfOfClient: isClient ? undefined : values.uploadedOnBehalfOfClient,
    });
    if (result.uploaded > 0) {
      notify.success(t('documentUpload.messages.uploaded'), { key: 'documents-uploaded' });
      onUploaded();
    }
    if (result.failed > 0) {
      notify.error(t('documentUpload.messages.uploadError', { count: result.failed }), {
        key: 'documents-upload-failed',
      });
    }
    if (result.remaining === 0) onClose();
  };

  const busy = queue.uploading;
  return (
    <Modal opened={opened} onClose={requestClose} title={t('documentUpload.title')} size={720} centered>
      <form onSubmit={handleSubmit(save)} noValidate>
        <Stack gap="sm">
          <Dropzone onDrop={addFiles} openRef={openPicker} activateOnClick={false} disabled={busy} multiple>
            <Stack align="center" gap={4} py="sm" style={{ pointerEvents: 'none' }}>
              <IconUpload size={32} stroke={1.5} aria-hidden />
              <Text size="sm">{t('documentUpload.dropzone.label')}</Text>
              <Text size="xs" c="dimmed">
                {t('documentUpload.dropzone.hint', {
                  maxFiles: DOCUMENT_LIMITS.maxFilesPerUpload,
                  maxSize: MAX_SIZE_TEXT,
                })}
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => openPicker.current?.()}
                disabled={busy}
                style={{ pointerEvents: 'all' }}
              >
                {t('documentUpload.dropzone.browse')}
              </Button>
            </Stack>
          </Dropzone>
          {refused.length > 0 && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {refused.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          {queue.files.length > 0 && <FileRows files={queue.files} disabled={busy} onRemove={queue.remove} />}

          {!isClient && (
            <Controller
              control={control}
              name="client"
              render={({ field, fieldState }) => (
                <RemoteSelect
                  label={t('documentUpload.fields.client')}
                  placeholder={t('documentUpload.fields.clientPlaceholder')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  useOptions={useClientChoices}
                  error={fieldState.error?.message}
                  disabled={busy}
                  withAsterisk
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="serviceId"
            render={({ field, fieldState }) => (
              <Select
                label={t('documentUpload.fields.service')}
                data={servicesToSelectData(services.data ?? [])}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  // The tags on offer depend on the service.
                  setValue('tags', []);
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                disabled={busy}
                withAsterisk
                searchable
              />
            )}
          />
          <Controller
            control={control}
            name="tags"
            render={({ field, fieldState }) => (
              <TagPicker
                serviceId={serviceId === null ? null : Number(serviceId)}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={busy}
              />
            )}
          />
          {withDisplayName && (
            <TextInput
              label={t('documentUpload.fields.displayName')}
              {...register('displayName')}
              error={formState.errors.displayName?.message}
              maxLength={DOCUMENT_LIMITS.displayName}
              disabled={busy}
              withAsterisk
            />
          )}
          <Textarea
            label={t('documentUpload.fields.description')}
            {...register('description')}
            error={formState.errors.description?.message}
            maxLength={DOCUMENT_LIMITS.description}
            minRows={2}
            maxRows={6}
            disabled={busy}
          />
          {!isClient && (
            <Checkbox
              label={t('documentUpload.fields.onBehalf')}
              description={t('documentUpload.fields.onBehalfHint')}
              {...register('uploadedOnBehalfOfClient')}
              disabled={busy}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={requestClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={queue.files.length === 0}>
              {t('documentUpload.actions.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmingClose}
        title={t('documentUpload.confirmClose.title')}
        message={t('documentUpload.confirmClose.message')}
        confirmLabel={t('documentUpload.confirmClose.confirm')}
        danger
        onConfirm={() => {
          queue.stop();
          setConfirmingClose(false);
          onClose();
        }}
        onClose={() => setConfirmingClose(false)}
      />
    </Modal>
  );
}
