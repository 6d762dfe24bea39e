import {
  DOCUMENT_LIMITS,
  DOCUMENT_VALIDATION,
  editDocumentInputSchema,
  validateTagSelection,
  type DocumentListItemDto,
  type EditDocumentInput,
} from '@ledgerport/shared';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formResolver } from '@/lib/form-resolver';
import type { TranslationKey } from '@/lib/i18n';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { getDocument } from '../api/get-document';
import { useUpdateDocument } from '../api/update-document';
import { kindOfDocument } from '../lib/document-kind';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';
import { TagPicker } from '@/components/ui/tag-picker';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';

type FormValues = z.input<typeof editDocumentInputSchema>;

const valuesOf = (document: DocumentListItemDto): FormValues => ({
  displayName: document.displayName,
  clientId: document.clientId,
  serviceId: document.serviceId,
  tags: document.tags.map((tag) => tag.id),
  description: document.description ?? '',
});

const TAG_PROBLEM_TEXT: Record<string, TranslationKey> = {
  [DOCUMENT_VALIDATION.mainTagRequired]: 'documents.tagRule.mainTagRequired',
  [DOCUMENT_VALIDATION.tagRequiredInGroup]: 'documents.tagRule.tagRequiredInGroup',
  [DOCUMENT_VALIDATION.oneTagPerGroup]: 'documents.tagRule.oneTagPerGroup',
  [DOCUMENT_VALIDATION.tagNotAvailable]: 'documents.tagRule.tagNotAvailable',
};

/** Edit a document (spec 02 section 5): name, client (staff), service and description are required. */
export function EditDocumentDialog({
  document,
  isClient,
  onClose,
}: {
  document: DocumentListItemDto | null;
  isClient: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={document !== null} onClose={onClose} title={t('documents.edit.title')} size="lg">
      {document && <EditDocumentForm key={document.id} document={document} isClient={isClient} onDone={onClose} />}
    </Modal>
  );
}

function EditDocumentForm({
  document,
  isClient,
  onDone,
}: {
  document: DocumentListItemDto;
  isClient: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocument();
  const tagGroups = useTagGroups();
  const [client, setClient] = useState<RemoteChoice | null>({
    value: String(document.clientId),
    label: document.client,
  });
  const theirClient = useRef<RemoteChoice | null>(null);
  const resolver = useMemo(() => formResolver(editDocumentInputSchema, t), [t]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, EditDocumentInput>({ resolver, defaultValues: valuesOf(document) });
  const conflicts = useSaveConflict<FormValues>(document.version, useState(() => valuesOf(document))[0], (v) => v);
  const clientId = Number(watch('clientId')) || null;
  const serviceId = Number(watch('serviceId')) || null;
  // A client user's own documents: the server checks their current client's services.
  const services = useActiveServices({ clientId }, { enabled: clientId !== null });

  const submit = handleSubmit((input) => {
    const problem = tagGroups.data ? validateTagSelection(tagGroups.data, input.serviceId, input.tags)[0] : undefined;
    if (problem) {
      setError('tags', { message: t(TAG_PROBLEM_TEXT[problem.code] ?? 'documents.tagRule.tagNotAvailable') });
      return;
    }
    void save(input);
  });

  const save = async (input: EditDocumentInput, version = conflicts.version) => {
    try {
      await update.mutateAsync({ kind: kindOfDocument(document.type), id: document.id, input, version });
      notify.success(t('documents.messages.updated', { name: input.displayName }), { key: 'document-edit' });
      onDone();
    } catch (error) {
      const latest = async () => {
        const saved = await getDocument(document.id);
        theirClient.current = { value: String(saved.clientId), label: saved.client };
        return { values: valuesOf(saved), version: saved.version };
      };
      if (await conflicts.catchStale(error, latest)) return;
      notify.error(t('documents.messages.updateError'), { key: 'document-edit' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            displayName: t('documents.edit.displayName'),
            clientId: t('documents.edit.client'),
            serviceId: t('documents.edit.service'),
            tags: t('documents.edit.tags'),
            description: t('documents.edit.description'),
          }}
          busy={update.isPending}
          // Their client, when they moved the document, shows by name in the client picker.
          onMerged={(merged) => {
            if (theirClient.current && String(merged.clientId) === theirClient.current.value) {
              setClient(theirClient.current);
            }
          }}
          onOverwrite={() => void handleSubmit((input) => save(input, conflicts.overwriteVersion()))()}
        />
        <TextInput
          label={t('documents.edit.displayName')}
          withAsterisk
          maxLength={DOCUMENT_LIMITS.displayName}
          error={errors.displayName?.message}
          data-autofocus
          {...register('displayName')}
        />
        {!isClient && (
          <RemoteSelect
            label={t('documents.edit.client')}
            withAsterisk
            useOptions={useClientChoices}
            value={client}
            error={errors.clientId?.message}
            onChange={(choice) => {
              setClient(choice);
              setValue('clientId', choice ? Number(choice.value) : 0);
              // The service and its tags belong to the client chosen before.
              setValue('serviceId', 0);
              setValue('tags', []);
            }}
          />
        )}
        <Controller
          control={control}
          name="serviceId"
          render={({ field }) => (
            <Select
              label={t('documents.edit.service')}
              withAsterisk
              data={servicesToSelectData(services.data ?? [])}
              value={field.value ? String(field.value) : null}
              onChange={(value) => {
                field.onChange(value ? Number(value) : 0);
                setValue('tags', []);
              }}
              onBlur={field.onBlur}
              error={errors.serviceId?.message}
              disabled={clientId === null}
            />
          )}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagPicker
              serviceId={serviceId}
              // The form holds ids as numbers; the schema's input type only says what it accepts.
              value={field.value as number[]}
              onChange={field.onChange}
              error={errors.tags?.message}
            />
          )}
        />
        <Textarea
          label={t('documents.edit.description')}
          rows={3}
          maxLength={DOCUMENT_LIMITS.description}
          error={errors.description?.message}
          {...register('description')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
