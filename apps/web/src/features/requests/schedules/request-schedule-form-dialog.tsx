import {
  MAX_PAGE_SIZE,
  REQUEST_SCHEDULE_AUDIENCE,
  REQUEST_SCHEDULE_LIMITS,
  periodName,
  requestScheduleInputSchema,
  type RequestSchedule,
  type RequestScheduleData,
} from '@ledgerport/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { getRequestSchedule } from '../api/get-request-schedules';
import { useTranslation } from 'react-i18next';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { shapedFormResolver } from '@/lib/form-resolver';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { useCreateRequestSchedule } from '../api/create-request-schedule';
import { useRequestTemplate, useRequestTemplates } from '../api/get-request-templates';
import { useUpdateRequestSchedule } from '../api/update-request-schedule';
import { ClientsPicker, type ChosenClient } from './clients-picker';

const MODAL_WIDTH = 620;
const CHOSEN = String(REQUEST_SCHEDULE_AUDIENCE.chosenClients);
const SERVICE = String(REQUEST_SCHEDULE_AUDIENCE.serviceClients);

/** The form's values: selects and radios hold text, the day '' until typed, clients with their names. */
export interface RequestScheduleFormValues {
  name: string;
  templateId: string | null;
  dayOfMonth: number | string;
  audience: string;
  clients: ChosenClient[];
  audienceServiceId: string | null;
  isActive: boolean;
}

/** The request the form stands for; only the chosen audience's half is sent. */
function toInput(values: RequestScheduleFormValues) {
  const byService = values.audience === SERVICE;
  return {
    name: values.name,
    templateId: values.templateId ? Number(values.templateId) : undefined,
    dayOfMonth: values.dayOfMonth === '' ? undefined : Number(values.dayOfMonth),
    audience: Number(values.audience),
    clientIds: byService ? [] : values.clients.map((client) => client.id),
    audienceServiceId: byService && values.audienceServiceId ? Number(values.audienceServiceId) : null,
    isActive: values.isActive,
  };
}

function valuesOf(schedule: RequestSchedule | null): RequestScheduleFormValues {
  return {
    name: schedule?.name ?? '',
    templateId: schedule ? String(schedule.template.id) : null,
    dayOfMonth: schedule?.dayOfMonth ?? 1,
    audience: String(schedule?.audience ?? REQUEST_SCHEDULE_AUDIENCE.chosenClients),
    clients: schedule?.clients ?? [],
    audienceServiceId: schedule?.audienceService ? String(schedule.audienceService.id) : null,
    isActive: schedule?.isActive ?? true,
  };
}

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;

/**
 * The month of the next requests, as the job sees it: this month while its day has not passed (a
 * schedule made after its day waits for the next month), and never a month it already sent.
 */
export function nextPeriod(dayOfMonth: number, lastPeriod: string | null, now: Date = new Date()): string {
  const thisMonth = monthOf(now);
  const following = monthOf(new Date(now.getFullYear(), now.getMonth() + 1, 1));
  if (now.getDate() > dayOfMonth || (lastPeriod !== null && lastPeriod >= thisMonth)) return following;
  return thisMonth;
}

export interface RequestScheduleFormDialogProps {
  opened: boolean;
  /** The recurring request to edit (the list's row holds all of it); null to create one. */
  schedule: RequestSchedule | null;
  onClose: () => void;
}

/** Create or edit a recurring request. The form lives only while the dialog is open: closing resets it. */
export function RequestScheduleFormDialog({ opened, schedule, onClose }: RequestScheduleFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(schedule ? 'requestTemplates.schedules.form.editTitle' : 'requestTemplates.schedules.form.createTitle')}
      size={MODAL_WIDTH}
      centered
    >
      {opened && <RequestScheduleForm key={schedule?.id ?? 'new'} schedule={schedule} onDone={onClose} />}
    </Modal>
  );
}

export function RequestScheduleForm({ schedule, onDone }: { schedule: RequestSchedule | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateRequestSchedule();
  const update = useUpdateRequestSchedule();
  const templates = useRequestTemplates({ limit: MAX_PAGE_SIZE, offset: 0, sortedBy: 'name' });
  const services = useActiveServices({ clientId: null }, { select: servicesToSelectData });
  const resolver = useMemo(
    () =>
      shapedFormResolver<RequestScheduleFormValues>(requestScheduleInputSchema, t, {
        toInput,
        fieldOf: (path) => (path.startsWith('clientIds') ? 'clients' : path),
        // A template never chosen is missing, not "not valid".
        messages: {
          templateId: t('common.validation.required'),
          dayOfMonth: t('contract.requestSchedule.dayOfMonth'),
        },
      }),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<RequestScheduleFormValues>({ resolver, defaultValues: valuesOf(schedule) });
  const conflicts = useSaveConflict<RequestScheduleFormValues>(
    schedule?.version,
    useState(() => valuesOf(schedule))[0],
    (values) => values,
  );

  const audience = watch('audience');
  const templateId = Number(watch('templateId')) || null;
  const template = useRequestTemplate(templateId);

  const templateData = useMemo(() => {
    const data = (templates.data?.items ?? []).map((item) => ({ value: String(item.id), label: item.name }));
    // The list holds the first page of templates: the one this schedule uses is always offered.
    if (schedule && !data.some((item) => item.value === String(schedule.template.id))) {
      data.unshift({ value: String(schedule.template.id), label: schedule.template.name });
    }
    return data;
  }, [templates.data, schedule]);

  const save = async (values: RequestScheduleFormValues, version = conflicts.version) => {
    const input: RequestScheduleData = requestScheduleInputSchema.parse(toInput(values));
    try {
      const saved = schedule
        ? await update.mutateAsync({ id: schedule.id, input, version })
        : await create.mutateAsync(input);
      notify.success(
        t(schedule ? 'requestTemplates.schedules.messages.updated' : 'requestTemplates.schedules.messages.created', {
          name: saved.name,
        }),
        { key: 'request-schedule-saved' },
      );
      onDone();
    } catch (error) {
      const latest = async () => {
        const saved = await getRequestSchedule(schedule!.id);
        return { values: valuesOf(saved), version: saved.version };
      };
      if (schedule && (await conflicts.catchStale(error, latest))) return;
      notify.error(t('requestTemplates.schedules.messages.saveError'), { key: 'request-schedule-saved' });
    }
  };

  const pending = isSubmitting || create.isPending || update.isPending;
  const day = Number(watch('dayOfMonth'));
  const validDay = Number.isInteger(day) && day >= 1 && day <= 28;

  return (
    <form onSubmit={(event) => void handleSubmit((values) => save(values))(event)} noValidate>
      <Stack gap="sm">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('requestTemplates.schedules.form.name'),
            templateId: t('requestTemplates.schedules.form.template'),
            dayOfMonth: t('requestTemplates.schedules.form.dayOfMonth'),
            audience: t('requestTemplates.schedules.form.audience'),
            isActive: t('requestTemplates.schedules.form.active'),
          }}
          busy={pending}
          onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        <TextInput
          label={t('requestTemplates.schedules.form.name')}
          required
          maxLength={REQUEST_SCHEDULE_LIMITS.name}
          data-autofocus
          error={errors.name?.message}
          {...register('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="templateId"
            render={({ field }) => (
              <Select
                label={t('requestTemplates.schedules.form.template')}
                description={t('requestTemplates.schedules.form.templateHint')}
                placeholder={t('requestTemplates.schedules.form.templatePlaceholder')}
                required
                searchable
                data={templateData}
                nothingFoundMessage={t('requestTemplates.schedules.form.noTemplates')}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                error={errors.templateId?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="dayOfMonth"
            render={({ field }) => (
              <NumberInput
                label={t('requestTemplates.schedules.form.dayOfMonth')}
                description={t('requestTemplates.schedules.form.dayOfMonthHint')}
                required
                min={1}
                max={28}
                clampBehavior="strict"
                allowNegative={false}
                allowDecimal={false}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                error={errors.dayOfMonth?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="audience"
          render={({ field }) => (
            <Radio.Group
              label={t('requestTemplates.schedules.form.audience')}
              required
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap="xs" mt={6}>
                <Radio value={CHOSEN} label={t('requestTemplates.schedules.form.chosenClients')} />
                <Radio value={SERVICE} label={t('requestTemplates.schedules.form.serviceClients')} />
              </Stack>
            </Radio.Group>
          )}
        />
        {audience === CHOSEN ? (
          <Controller
            control={control}
            name="clients"
            render={({ field }) => (
              <ClientsPicker
                value={field.value}
                onChange={field.onChange}
                error={errors.clients?.message ?? errors.clients?.root?.message}
                disabled={pending}
              />
            )}
          />
        ) : (
          <Controller
            control={control}
            name="audienceServiceId"
            render={({ field }) => (
              <Select
                label={t('requestTemplates.schedules.form.service')}
                placeholder={t('requestTemplates.schedules.form.servicePlaceholder')}
                required
                searchable
                data={services.data ?? []}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                error={errors.audienceServiceId?.message}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={t('requestTemplates.schedules.form.active')}
              description={t('requestTemplates.schedules.form.activeHint')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('requestTemplates.schedules.form.explainTitle')}
          aria-live="polite"
        >
          {template.data && validDay ? (
            <Stack gap={4}>
              <Text size="sm">
                {t(
                  template.data.dueOffsetDays === 0
                    ? 'requestTemplates.schedules.form.explainDueSameDay'
                    : 'requestTemplates.schedules.form.explain',
                  {
                    day,
                    title: template.data.title,
                    period: periodName(nextPeriod(day, schedule?.lastPeriod ?? null)),
                    count: template.data.dueOffsetDays,
                  },
                )}
              </Text>
              <Text size="sm">
                {t('requestTemplates.schedules.form.explainServiceOnly', {
                  service: template.data.service.displayName,
                })}
              </Text>
              {!watch('isActive') && <Text size="sm">{t('requestTemplates.schedules.form.explainInactive')}</Text>}
            </Stack>
          ) : (
            <Text size="sm">{t('requestTemplates.schedules.form.explainChooseTemplate')}</Text>
          )}
        </Alert>
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
