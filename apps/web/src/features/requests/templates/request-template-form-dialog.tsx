import {
  DOCUMENT_VALIDATION,
  ERROR_CODE,
  REQUEST_LIMITS,
  REQUEST_TEMPLATE_ERROR,
  REQUEST_TEMPLATE_LIMITS,
  acceptsFiles,
  requestTemplateInputSchema,
  requestItemTagProblems,
  validateTagSelection,
  type DocumentTagGroupOption,
  type RequestTemplateData,
  type RequestTemplateDetails,
  type RequestTemplateInput,
} from '@ledgerport/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { isApiError } from '@/lib/api-client';
import { contractMessage } from '@/lib/contract-messages';
import { shapedFormResolver } from '@/lib/form-resolver';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { useCreateRequestTemplate } from '../api/create-request-template';
import { getRequestTemplate, useRequestTemplate } from '../api/get-request-templates';
import { useUpdateRequestTemplate } from '../api/update-request-template';
import { RequestItemsEditor, type RequestItemsEditorErrors } from '../components/request-items-editor';
import { draftsFrom, newItemDraft, toItemInputs, type RequestItemDraft } from '../lib/request-item-drafts';

const DescriptionEditor = lazy(() => import('@/components/ui/rich-text-editor'));

const EDITOR_HEIGHT = 120;
const MODAL_WIDTH = 760;
const DEFAULT_DUE_OFFSET_DAYS = 14;

/** The form's values: selects hold text, the number field '' until typed, items are drafts. */
export interface RequestTemplateFormValues {
  name: string;
  title: string;
  description: string;
  serviceId: string | null;
  dueOffsetDays: number | string;
  items: RequestItemDraft[];
}

/** The request the form stands for (the contract's input). */
function toInput(values: RequestTemplateFormValues): RequestTemplateInput {
  return {
    name: values.name,
    title: values.title,
    description: values.description || null,
    // Left empty, these are missing (the contract says "required"), not 0.
    serviceId: (values.serviceId ? Number(values.serviceId) : undefined) as number,
    dueOffsetDays: (values.dueOffsetDays === '' ? undefined : Number(values.dueOffsetDays)) as number,
    items: toItemInputs(values.items),
  };
}

function valuesOf(template: RequestTemplateDetails | null): RequestTemplateFormValues {
  if (!template) {
    return {
      name: '',
      title: '',
      description: '',
      serviceId: null,
      dueOffsetDays: DEFAULT_DUE_OFFSET_DAYS,
      items: [newItemDraft()],
    };
  }
  return {
    name: template.name,
    title: template.title,
    description: template.description ?? '',
    serviceId: String(template.service.id),
    dueOffsetDays: template.dueOffsetDays,
    // A template's items are replaced as a whole on save: they go back without ids.
    items: draftsFrom(template.items, { keepIds: false }),
  };
}

/** The first tag-rule problem of each documents item (the upload's rules for the service), in words. */
function tagProblems(
  groups: readonly DocumentTagGroupOption[],
  serviceId: number,
  items: readonly RequestItemDraft[],
  t: TFunction,
): Array<string | undefined> {
  return items.map((item) => {
    if (!acceptsFiles(item.kind)) return undefined;
    const problem = requestItemTagProblems(groups, serviceId, item.tagIds)[0];
    return problem ? (contractMessage(t, problem.code) ?? t('common.validation.invalid')) : undefined;
  });
}

/**
 * A documents item's tags that a new service does not offer are dropped; a dropped main tag takes
 * the groups it activated with it, hence the second pass.
 */
function keepOfferedTags(groups: readonly DocumentTagGroupOption[], serviceId: number, items: RequestItemDraft[]) {
  return items.map((item) => {
    let tagIds = item.tagIds;
    for (let pass = 0; pass < 2; pass += 1) {
      const unavailable = new Set(
        validateTagSelection(groups, serviceId, tagIds)
          .filter((problem) => problem.code === DOCUMENT_VALIDATION.tagNotAvailable)
          .map((problem) => problem.tagId),
      );
      tagIds = tagIds.filter((id) => !unavailable.has(id));
    }
    return tagIds.length === item.tagIds.length ? item : { ...item, tagIds };
  });
}

export interface RequestTemplateFormDialogProps {
  opened: boolean;
  /** The template to edit; null to create one. */
  templateId: number | null;
  onClose: () => void;
}

/** Create or edit a request template. The form lives only while the dialog is open: closing resets it. */
export function RequestTemplateFormDialog({ opened, templateId, onClose }: RequestTemplateFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(
        templateId ? 'requestTemplates.templates.form.editTitle' : 'requestTemplates.templates.form.createTitle',
      )}
      size={MODAL_WIDTH}
      centered
    >
      {opened && <TemplateFormLoader key={templateId ?? 'new'} templateId={templateId} onDone={onClose} />}
    </Modal>
  );
}

function TemplateFormLoader({ templateId, onDone }: { templateId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const template = useRequestTemplate(templateId);
  if (templateId !== null && template.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('common.messages.fetchError')}
      </Alert>
    );
  }
  if (templateId !== null && !template.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return <RequestTemplateForm template={templateId === null ? null : template.data!} onDone={onDone} />;
}

export function RequestTemplateForm({
  template,
  onDone,
}: {
  template: RequestTemplateDetails | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRequestTemplate();
  const update = useUpdateRequestTemplate();
  const services = useActiveServices({ clientId: null }, { select: servicesToSelectData });
  const tagGroups = useTagGroups();
  const resolver = useMemo(
    () =>
      shapedFormResolver<RequestTemplateFormValues>(requestTemplateInputSchema, t, {
        toInput,
        // A service never chosen is missing, not "not valid".
        messages: {
          serviceId: t('common.validation.required'),
          dueOffsetDays: t('requestTemplates.templates.form.dueOffsetInvalid'),
        },
      }),
    [t],
  );
  const initial = useMemo(() => valuesOf(template), [template]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RequestTemplateFormValues>({ resolver, defaultValues: initial });
  const conflicts = useSaveConflict<RequestTemplateFormValues>(
    template?.version,
    useState(() => valuesOf(template))[0],
    (values) => ({ ...values, items: toItemInputs(values.items) }),
  );

  const serviceId = Number(watch('serviceId')) || null;
  // A template that is no longer in the active list (its service was deactivated) still shows its own.
  const serviceData = useMemo(() => {
    const data = services.data ?? [];
    if (!template || data.some((item) => item.value === String(template.service.id))) return data;
    return [{ value: String(template.service.id), label: template.service.displayName }, ...data];
  }, [services.data, template]);

  const save = async (values: RequestTemplateFormValues, version = conflicts.version) => {
    const input: RequestTemplateData = requestTemplateInputSchema.parse(toInput(values));
    if (tagGroups.data) {
      const problems = tagProblems(tagGroups.data, input.serviceId, values.items, t);
      problems.forEach((message, index) => {
        if (message) setError(`items.${index}.tagIds`, { type: 'tags', message });
      });
      if (problems.some(Boolean)) return;
    }
    try {
      const saved = template
        ? await update.mutateAsync({ id: template.id, input, version })
        : await create.mutateAsync(input);
      notify.success(
        t(template ? 'requestTemplates.templates.messages.updated' : 'requestTemplates.templates.messages.created', {
          name: saved.name,
        }),
        { key: 'request-template-saved' },
      );
      onDone();
    } catch (error) {
      const latest = async () => {
        const saved = await getRequestTemplate(template!.id);
        return { values: valuesOf(saved), version: saved.version };
      };
      if (template && (await conflicts.catchStale(error, latest))) return;
      if (isApiError(error, 409) && error.code === REQUEST_TEMPLATE_ERROR.nameTaken) {
        setError('name', { type: 'taken', message: t('common.validation.taken', { value: input.name }) });
        return;
      }
      if (isApiError(error, 400) && error.code === ERROR_CODE.validation && showServerProblems(error.details)) return;
      notify.error(t('requestTemplates.templates.messages.saveError'), { key: 'request-template-saved' });
    }
  };

  /** The server's own checks (the tag rules as it knows them): each named under its item. */
  const showServerProblems = (details: unknown): boolean => {
    if (!Array.isArray(details)) return false;
    let shown = false;
    for (const detail of details as Array<{ field?: string; message?: string }>) {
      const match = /^items\.(\d+)\.(title|tagIds)$/.exec(detail.field ?? '');
      if (!match) continue;
      const message = contractMessage(t, detail.message) ?? t('common.validation.invalid');
      setError(`items.${Number(match[1])}.${match[2] as 'title' | 'tagIds'}`, { type: 'server', message });
      shown = true;
    }
    if (shown) notify.error(t('requestTemplates.templates.messages.checkItems'), { key: 'request-template-saved' });
    return shown;
  };

  const itemErrors: RequestItemsEditorErrors = {
    items: errors.items?.message ?? errors.items?.root?.message,
    rows: Array.isArray(errors.items)
      ? errors.items.map((row) => (row ? { title: row.title?.message, tagIds: row.tagIds?.message } : undefined))
      : undefined,
  };
  const pending = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void handleSubmit((values) => save(values))(event)} noValidate>
      <Stack gap="sm">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('requestTemplates.templates.form.name'),
            title: t('requestTemplates.templates.form.requestTitle'),
            serviceId: t('requestTemplates.templates.form.service'),
            dueOffsetDays: t('requestTemplates.templates.form.dueOffset'),
            items: t('requestTemplates.items.label'),
          }}
          busy={pending}
          onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        {template && (
          <Text size="sm" c="dimmed">
            {t('requestTemplates.templates.form.editNote')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('requestTemplates.templates.form.name')}
            description={t('requestTemplates.templates.form.nameHint')}
            required
            maxLength={REQUEST_TEMPLATE_LIMITS.name}
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('requestTemplates.templates.form.requestTitle')}
            description={t('requestTemplates.templates.form.requestTitleHint')}
            required
            maxLength={REQUEST_LIMITS.title}
            error={errors.title?.message}
            {...register('title')}
          />
          <Controller
            control={control}
            name="serviceId"
            render={({ field }) => (
              <Select
                label={t('requestTemplates.templates.form.service')}
                description={t('requestTemplates.templates.form.serviceHint')}
                required
                searchable
                data={serviceData}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(value) => {
                  field.onChange(value);
                  if (value && tagGroups.data) {
                    setValue('items', keepOfferedTags(tagGroups.data, Number(value), getValues('items')));
                  }
                }}
                error={errors.serviceId?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="dueOffsetDays"
            render={({ field }) => (
              <NumberInput
                label={t('requestTemplates.templates.form.dueOffset')}
                description={t('requestTemplates.templates.form.dueOffsetHint')}
                required
                min={0}
                max={REQUEST_TEMPLATE_LIMITS.dueOffsetDays}
                clampBehavior="strict"
                allowNegative={false}
                allowDecimal={false}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                error={errors.dueOffsetDays?.message}
              />
            )}
          />
        </SimpleGrid>
        <DescriptionField control={control} error={errors.description?.message} />
        <Controller
          control={control}
          name="items"
          render={({ field }) => (
            <RequestItemsEditor
              value={field.value}
              onChange={field.onChange}
              serviceId={serviceId}
              errors={itemErrors}
              disabled={pending}
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DescriptionField({
  control,
  error,
}: {
  control: Control<RequestTemplateFormValues>;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const label = t('requestTemplates.templates.form.description');
  return (
    <Controller
      control={control}
      name="description"
      render={({ field }) => (
        <Stack gap={4}>
          <div>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Text size="xs" c="dimmed" id={hintId}>
              {t('requestTemplates.templates.form.descriptionHint')}
            </Text>
          </div>
          <Suspense
            fallback={
              <Center h={EDITOR_HEIGHT}>
                <Loader aria-label={t('requestTemplates.templates.form.loadingEditor')} />
              </Center>
            }
          >
            <DescriptionEditor
              label={label}
              value={field.value}
              onChange={field.onChange}
              height={EDITOR_HEIGHT}
              invalid={Boolean(error)}
              describedBy={hintId}
            />
          </Suspense>
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
