import {
  REQUEST_BULK_LIMIT,
  REQUEST_ERROR,
  addDays,
  createRequestInputSchema,
  sendRequestToClientsInputSchema,
  updateRequestInputSchema,
  type CreateRequestInput,
  type RequestDetails,
} from '@ledgerport/shared';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { isApiError, type QueryParams } from '@/lib/api-client';
import { useSaveConflict } from '@/lib/conflicts';
import { DATE_FORMAT } from '@/lib/dates';
import { shapedFormResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { useCreateRequest } from '../api/create-request';
import { useSendRequestToClients } from '../api/send-request-to-clients';
import { requestQueryOptions } from '../api/get-request';
import { getRequestTemplate, useRequestTemplates } from '../api/get-request-templates';
import { requestTemplateKeys } from '../api/request-keys';
import { useUpdateRequest } from '../api/update-request';
import { draftsFrom, newItemDraft, toItemInputs, type RequestItemDraft } from '../lib/request-item-drafts';
import {
  newRemindersDraft,
  remindersDraftOf,
  toRemindersInput,
  type RemindersDraft,
} from '../lib/request-reminders-draft';
import { serverFieldErrors } from '../lib/server-field-errors';
import { RequestItemsEditor } from './request-items-editor';
import { RequestRemindersFields } from './request-reminders-fields';
import { LazyRichTextField } from '@/components/ui/rich-text-field';

const MODAL_WIDTH = 860;
/** The template picker lists this many; a firm with more types to narrow it. */
const TEMPLATE_CHOICES = 100;

/** The form's values: ids as the selects hold them (text), items as drafts. */
interface RequestFormValues {
  clientId: string;
  serviceId: string;
  templateId: string;
  title: string;
  description: string;
  dueDate: string;
  items: RequestItemDraft[];
  reminders: RemindersDraft;
}

/** An open request as the edit form holds it. */
function valuesOfRequest(request: RequestDetails): RequestFormValues {
  return {
    clientId: String(request.client.id),
    serviceId: String(request.service.id),
    templateId: '',
    title: request.title,
    description: request.description ?? '',
    dueDate: request.dueDate,
    items: draftsFrom(request.items, { keepIds: true }),
    reminders: remindersDraftOf(request.reminders),
  };
}

/** What two versions of an edit are compared by (the items as the API gets them, not the form's rows). */
function comparable(values: RequestFormValues) {
  return {
    title: values.title,
    description: values.description,
    dueDate: values.dueDate,
    items: toItemInputs(values.items),
    reminders: toRemindersInput(values.reminders),
  };
}

const toNumber = (value: string) => (value === '' ? 0 : Number(value));

function toCreateInput(values: RequestFormValues): CreateRequestInput {
  return {
    clientId: toNumber(values.clientId),
    serviceId: toNumber(values.serviceId),
    templateId: values.templateId ? Number(values.templateId) : undefined,
    title: values.title,
    // An empty editor is no message, as the template form sends it.
    description: values.description || null,
    dueDate: values.dueDate,
    items: toItemInputs(values.items),
    reminders: toRemindersInput(values.reminders),
  };
}

export interface RequestFormModalProps {
  opened: boolean;
  onClose: () => void;
  onSaved?: (request: RequestDetails) => void;
  /** Edit this open request; without it the dialog creates one. */
  request?: RequestDetails;
  /** Create for this client (from their details panel): the client is fixed. */
  client?: { id: number; name: string };
  /**
   * Send one request to every client of the Clients list's search (its filters as the list sends
   * them): no client field, every active service offered, one request per client using it.
   */
  clientsQuery?: QueryParams;
  /** How many clients that search lists, to say so before sending. */
  clientsCount?: number;
}

/** Create a request (from scratch or from a template) or edit an open one (issue 20, item 1). */
export function RequestFormModal({
  opened,
  onClose,
  onSaved,
  request,
  client,
  clientsQuery,
  clientsCount,
}: RequestFormModalProps) {
  const { t } = useTranslation();
  const title = request
    ? t('requests.form.editTitle')
    : clientsQuery
      ? t('requests.form.toClientsTitle')
      : t('requests.form.createTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={MODAL_WIDTH} centered>
      {opened && (
        <RequestForm
          request={request}
          client={client}
          clientsQuery={clientsQuery}
          clientsCount={clientsCount}
          onDone={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function RequestForm({
  request,
  client,
  clientsQuery,
  clientsCount,
  onDone,
  onSaved,
}: Pick<RequestFormModalProps, 'request' | 'client' | 'clientsQuery' | 'clientsCount' | 'onSaved'> & {
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateRequest();
  const update = useUpdateRequest();
  const sendToClients = useSendRequestToClients();
  const editing = request !== undefined;
  const toMany = clientsQuery !== undefined;
  const saving = create.isPending || update.isPending || sendToClients.isPending;
  const [clientChoice, setClientChoice] = useState<RemoteChoice | null>(
    client ? { value: String(client.id), label: client.name } : null,
  );
  const [templateLoading, setTemplateLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const schema = editing
    ? updateRequestInputSchema
    : toMany
      ? sendRequestToClientsInputSchema
      : createRequestInputSchema;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    formState: { errors },
  } = useForm<RequestFormValues>({
    // The contract checks the request as the API gets it; the form keeps its own shape.
    resolver: shapedFormResolver(schema, t, { toInput: toCreateInput }),
    defaultValues: request
      ? valuesOfRequest(request)
      : {
          clientId: client ? String(client.id) : '',
          serviceId: '',
          templateId: '',
          title: '',
          description: '',
          dueDate: '',
          items: [newItemDraft()],
          reminders: newRemindersDraft(),
        },
  });
  const conflicts = useSaveConflict<RequestFormValues>(
    request?.version,
    useState(() => (request ? valuesOfRequest(request) : ({} as RequestFormValues)))[0],
    comparable,
  );
  const clientId = useWatch({ control, name: 'clientId' });
  const serviceId = useWatch({ control, name: 'serviceId' });
  // One client's services, or (sending to many) every active service.
  const services = useActiveServices(
    { clientId: toMany ? null : clientId ? Number(clientId) : 0 },
    { enabled: toMany || clientId !== '' },
  );
  const templates = useRequestTemplates(
    { limit: TEMPLATE_CHOICES, offset: 0, sortedBy: 'name' },
    { enabled: !editing },
  );
  const today = dayjs().format('YYYY-MM-DD');

  const applyTemplate = async (value: string | null) => {
    setValue('templateId', value ?? '');
    if (!value) return;
    setTemplateLoading(true);
    try {
      const template = await queryClient.fetchQuery({
        queryKey: requestTemplateKeys.details(Number(value)),
        queryFn: ({ signal }) => getRequestTemplate(Number(value), signal),
      });
      setValue('title', template.title);
      setValue('description', template.description ?? '');
      setValue('dueDate', addDays(today, template.dueOffsetDays));
      setValue('items', draftsFrom(template.items, { keepIds: false }));
      // The template's service, when this client uses it; otherwise the person chooses.
      const offered = services.data?.some((service) => service.id === template.service.id);
      setValue('serviceId', offered || toMany || !clientId ? String(template.service.id) : '');
    } catch {
      notify.error(t('requests.messages.templateLoadError'), { key: 'request-template-load' });
    } finally {
      setTemplateLoading(false);
    }
  };

  const submit = async (values: RequestFormValues, version = conflicts.version) => {
    setProblem(null);
    const input = toCreateInput(values);
    if (clientsQuery) {
      await submitToClients(clientsQuery, input);
      return;
    }
    try {
      const saved = request
        ? await update.mutateAsync({
            id: request.id,
            input: {
              title: input.title,
              description: input.description,
              dueDate: input.dueDate,
              items: input.items,
              reminders: input.reminders,
            },
            version,
          })
        : await create.mutateAsync(input);
      notify.success(t(editing ? 'requests.messages.updated' : 'requests.messages.created', { title: saved.title }), {
        key: 'request-save',
      });
      onDone();
      onSaved?.(saved);
    } catch (error) {
      const latest = async () => {
        const saved = await queryClient.fetchQuery({ ...requestQueryOptions(request!.id), staleTime: 0 });
        return { values: valuesOfRequest(saved), version: saved.version };
      };
      if (request && (await conflicts.catchStale(error, latest))) return;
      const fields = serverFieldErrors(error, t);
      if (fields.length > 0) {
        for (const { field, message } of fields) setError(field as FieldPath<RequestFormValues>, { message });
        return;
      }
      if (isApiError(error) && error.code === REQUEST_ERROR.itemHasResponse) {
        setProblem(t('requests.messages.itemHasResponse'));
      } else if (isApiError(error) && error.code === REQUEST_ERROR.notOpen) {
        setProblem(t('requests.messages.notOpen'));
      } else {
        notify.error(t(editing ? 'requests.messages.updateError' : 'requests.messages.createError'), {
          key: 'request-save',
        });
      }
    }
  };

  const submitToClients = async (query: QueryParams, { clientId: _none, ...input }: CreateRequestInput) => {
    try {
      const result = await sendToClients.mutateAsync({ clientsQuery: query, input });
      notify.success(
        result.skipped > 0
          ? t('requests.messages.sentToClientsSkipped', { count: result.created, skipped: result.skipped })
          : t('requests.messages.sentToClients', { count: result.created }),
        { key: 'request-save' },
      );
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error, t);
      if (fields.length > 0) {
        for (const { field, message } of fields) setError(field as FieldPath<RequestFormValues>, { message });
      } else if (isApiError(error) && error.code === REQUEST_ERROR.tooManyClients) {
        setProblem(t('requests.messages.tooManyClients', { limit: REQUEST_BULK_LIMIT }));
      } else if (isApiError(error) && error.code === REQUEST_ERROR.noClientUsesService) {
        setProblem(t('requests.messages.noClientUsesService'));
      } else {
        notify.error(t('requests.messages.createError'), { key: 'request-save' });
      }
    }
  };

  const itemErrors = errors.items;
  const itemsMessage = itemErrors?.message ?? itemErrors?.root?.message;
  const rowErrors = Array.isArray(itemErrors)
    ? (itemErrors as Array<{ title?: { message?: string }; tagIds?: { message?: string } } | undefined>).map((row) =>
        row ? { title: row.title?.message, tagIds: row.tagIds?.message } : undefined,
      )
    : undefined;

  return (
    <form onSubmit={(event) => void handleSubmit((values) => submit(values))(event)} noValidate>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            title: t('requests.form.title'),
            description: t('requests.form.description'),
            dueDate: t('requests.form.dueDate'),
            items: t('requestTemplates.items.label'),
            reminders: t('requests.reminders.heading'),
          }}
          busy={saving}
          onOverwrite={() => void handleSubmit((values) => submit(values, conflicts.overwriteVersion()))()}
        />
        {toMany && (
          <Alert color="blue" variant="light">
            {clientsCount === undefined
              ? t('requests.form.toClientsHint')
              : t('requests.form.toClientsCountHint', { count: clientsCount })}
          </Alert>
        )}
        {!editing && (
          // Two fields a row from a tablet up, one under the other on a phone (full width, aligned).
          <SimpleGrid cols={{ base: 1, sm: toMany ? 1 : 2 }} spacing="sm">
            {toMany ? null : client ? (
              <TextInput label={t('requests.form.client')} value={client.name} readOnly />
            ) : (
              <RemoteSelect
                label={t('requests.form.client')}
                required

                useOptions={useClientChoices}
                value={clientChoice}
                onChange={(choice) => {
                  setClientChoice(choice);
                  setValue('clientId', choice?.value ?? '', { shouldValidate: Boolean(errors.clientId) });
                  setValue('serviceId', '');
                }}
                error={errors.clientId?.message}
                disabled={saving}
                data-autofocus
              />
            )}
            <Controller
              control={control}
              name="templateId"
              render={({ field }) => (
                <Select
                  label={t('requests.form.template')}
                  placeholder={t('requests.form.templatePlaceholder')}
                  data={(templates.data?.items ?? []).map((template) => ({
                    value: String(template.id),
                    label: template.name,
                  }))}
                  value={field.value || null}
                  onChange={(value) => void applyTemplate(value)}
                  clearable
                  searchable

                  disabled={saving || templateLoading}
                  rightSection={templateLoading ? <Loader size="xs" aria-label={t('app.loading')} /> : undefined}
                />
              )}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {editing ? (
            <TextInput label={t('requests.form.service')} value={request.service.displayName} readOnly />
          ) : (
            <Controller
              control={control}
              name="serviceId"
              render={({ field }) => (
                <Select
                  label={t('requests.form.service')}
                  required
                  placeholder={clientId || toMany ? undefined : t('requests.form.chooseClientFirst')}
                  data={servicesToSelectData(services.data ?? [])}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.serviceId?.message}
                  disabled={saving || (!clientId && !toMany)}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="dueDate"
            render={({ field }) => (
              <DatePickerInput
                label={t('requests.form.dueDate')}
                required
                minDate={today}
                valueFormat={DATE_FORMAT.table}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={errors.dueDate?.message}
                disabled={saving}
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          label={t('requests.form.title')}
          required
          error={errors.title?.message}
          disabled={saving}
          {...register('title')}
        />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <LazyRichTextField
              label={t('requests.form.description')}
              value={field.value}
              onChange={field.onChange}
              error={errors.description?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="items"
          render={({ field }) => (
            <RequestItemsEditor
              value={field.value}
              onChange={field.onChange}
              serviceId={serviceId ? Number(serviceId) : null}
              errors={{ items: itemsMessage, rows: rowErrors }}
              disabled={saving}
            />
          )}
        />
        <Controller
          control={control}
          name="reminders"
          render={({ field }) => {
            const cadenceErrors = errors.reminders?.cadence;
            return (
              <RequestRemindersFields
                value={field.value}
                onChange={field.onChange}
                firmCadence={request?.reminders.cadence === null ? request.reminders.effective : null}
                errors={{
                  daysBefore: cadenceErrors?.daysBefore?.message,
                  everyDaysOverdue: cadenceErrors?.everyDaysOverdue?.message,
                  maxCount: cadenceErrors?.maxCount?.message,
                }}
                disabled={saving}
              />
            );
          }}
        />
        {!editing && (
          <Text size="sm" c="dimmed">
            {t('requests.form.sendHint')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {editing ? t('requests.form.save') : t('requests.form.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
