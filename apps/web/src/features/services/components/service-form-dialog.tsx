import {
  SERVICE_DEFAULT_COLOR,
  SERVICE_ICON_ERROR,
  serviceInputSchema,
  type ServiceDto,
  type ServiceInput,
} from '@ledgerport/shared';
import { Alert, Button, Center, ColorInput, Group, Loader, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkServiceAvailability } from '../api/check-service-availability';
import { useCreateService } from '../api/create-service';
import { useService } from '../api/get-service';
import { useUpdateService } from '../api/update-service';
import { UNIQUE_FIELDS, useUniquenessCheck, type UniqueField } from '@/lib/use-uniqueness-check';
import { formResolver } from '@/lib/form-resolver';
import { ServiceIconInput } from './service-icon-input';
import { useDepartments } from '@/lib/reference-data/get-departments';
import { toSelectData } from '@/lib/reference-data/select-data';

type FormValues = z.input<typeof serviceInputSchema>;

/** A few distinct colours to pick from; any #RRGGBB may be typed. */
const SWATCHES = [SERVICE_DEFAULT_COLOR, '#1E88E5', '#8E24AA', '#43A047', '#F4511E', '#00897B', '#FDD835', '#6D4C41'];

export interface ServiceFormDialogProps {
  opened: boolean;
  /** The service to edit; null to create one. */
  serviceId: number | null;
  onClose: () => void;
}

/**
 * Create or edit a service. The form lives only while the dialog is open, so closing resets it,
 * icon included; editing starts once the service (with its icon) is loaded.
 */
export function ServiceFormDialog({ opened, serviceId, onClose }: ServiceFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(serviceId ? 'services.form.editTitle' : 'services.form.createTitle')}
    >
      {opened && <ServiceFormLoader key={serviceId ?? 'new'} serviceId={serviceId} onDone={onClose} />}
    </Modal>
  );
}

function ServiceFormLoader({ serviceId, onDone }: { serviceId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const service = useService(serviceId);
  if (service.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('common.messages.fetchError')}
      </Alert>
    );
  }
  if (serviceId !== null && !service.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return <ServiceForm service={serviceId === null ? null : service.data!} onDone={onDone} />;
}

export function ServiceForm({ service, onDone }: { service: ServiceDto | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateService({ onSuccess: onDone });
  const update = useUpdateService({ onSuccess: onDone });
  const departments = useDepartments({ select: toSelectData });
  const resolver = useMemo(
    () =>
      formResolver(
        serviceInputSchema,
        t,
        {
          color: t('services.validation.color'),
          // Any problem with the department id means none was chosen.
          departmentId: t('common.validation.required'),
        },
        {
          [SERVICE_ICON_ERROR.tooLarge]: t('services.validation.iconSize'),
          [SERVICE_ICON_ERROR.notPng]: t('services.validation.iconType'),
        },
      ),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, ServiceInput>({
    resolver,
    defaultValues: {
      name: service?.name ?? '',
      displayName: service?.displayName ?? '',
      departmentId: service ? String(service.departmentId) : null,
      color: service?.color ?? SERVICE_DEFAULT_COLOR,
      listIcon: service?.listIcon ?? null,
    },
  });

  const original = useMemo(
    () => (service ? { name: service.name, displayName: service.displayName } : null),
    [service],
  );
  const checkUnique = useUniquenessCheck(original, checkServiceAvailability);

  const checkOnBlur = async (field: UniqueField) => {
    const value = getValues(field);
    const message = await checkUnique(field, value);
    if (getValues(field) !== value) return; // the user typed on while the answer travelled
    if (message) setError(field, { type: 'taken', message });
    else if (errors[field]?.type === 'taken') clearErrors(field);
  };

  // Uniqueness first, then the form's own rules; the call is made only when both pass (spec 01 section 5).
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const taken = await Promise.all(UNIQUE_FIELDS.map((field) => checkUnique(field, getValues(field))));
    await handleSubmit((input) => {
      if (taken.some(Boolean)) return;
      const body = { ...input, listIcon: input.listIcon ?? null };
      if (service) update.mutate({ id: service.id, input: body });
      else create.mutate(body);
    })(event);
    UNIQUE_FIELDS.forEach((field, index) => {
      const message = taken[index];
      if (message) setError(field, { type: 'taken', message });
    });
  };

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('services.form.name')}
          withAsterisk
          error={errors.name?.message}
          {...register('name', { onBlur: () => void checkOnBlur('name') })}
        />
        <TextInput
          label={t('services.form.displayName')}
          withAsterisk
          error={errors.displayName?.message}
          {...register('displayName', { onBlur: () => void checkOnBlur('displayName') })}
        />
        <Controller
          control={control}
          name="departmentId"
          render={({ field }) => (
            <Select
              label={t('services.form.department')}
              withAsterisk
              data={departments.data ?? []}
              value={field.value === null || field.value === undefined ? null : String(field.value)}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={
                errors.departmentId?.message ?? (departments.isError ? t('common.messages.fetchError') : undefined)
              }
              disabled={departments.isError}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorInput
              label={t('services.form.color')}
              withAsterisk
              format="hex"
              swatches={SWATCHES}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.color?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="listIcon"
          render={({ field }) => (
            <ServiceIconInput
              value={field.value ?? null}
              onChange={(value) => {
                clearErrors('listIcon');
                field.onChange(value);
              }}
              onReject={(message) => setError('listIcon', { type: 'file', message })}
              error={errors.listIcon?.message}
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
