import {
  SERVICE_DEFAULT_COLOR,
  SERVICE_ICON_ERROR,
  serviceInputSchema,
  type ServiceDto,
  type ServiceInput,
} from '@ledgerport/shared';
import { Alert, Button, Center, ColorInput, Group, Loader, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkServiceAvailability } from '../api/check-service-availability';
import { useCreateService } from '../api/create-service';
import { getService, useService } from '../api/get-service';
import { useUpdateService } from '../api/update-service';
import { UNIQUE_FIELDS, useUniquenessCheck, type UniqueField } from '@/lib/use-uniqueness-check';
import { formResolver } from '@/lib/form-resolver';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { ServiceIconInput } from './service-icon-input';
import { useDepartments } from '@/lib/reference-data/get-departments';
import { toSelectData } from '@/lib/reference-data/select-data';

type FormValues = z.input<typeof serviceInputSchema>;

/** A few distinct colours to pick from; any #RRGGBB may be typed. */
const SWATCHES = [SERVICE_DEFAULT_COLOR, '#1E88E5', '#8E24AA', '#43A047', '#F4511E', '#00897B', '#FDD835', '#6D4C41'];

/** The form's values for a service (the department as the select's text), or a new one's. */
function valuesOf(service: ServiceDto | null): FormValues {
  return {
    name: service?.name ?? '',
    displayName: service?.displayName ?? '',
    departmentId: service ? String(service.departmentId) : null,
    color: service?.color ?? SERVICE_DEFAULT_COLOR,
    listIcon: service?.listIcon ?? null,
  };
}

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
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, ServiceInput>({ resolver, defaultValues: valuesOf(service) });
  // The version the form loaded goes with the save (If-Match); a 412 keeps what was typed.
  const conflicts = useSaveConflict<FormValues>(
    service?.version,
    useState(() => valuesOf(service))[0],
    (values) => values,
  );

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

  /** A save met a 412: what the other person saved, to show which fields they changed. */
  const latest = async () => {
    const saved = await getService(service!.id);
    return { values: valuesOf(saved), version: saved.version };
  };

  // Uniqueness first, then the form's own rules; the call is made only when both pass (spec 01 section 5).
  const submit = async (version = conflicts.version) => {
    const taken = await Promise.all(UNIQUE_FIELDS.map((field) => checkUnique(field, getValues(field))));
    await handleSubmit(async (input) => {
      if (taken.some(Boolean)) return;
      const body = { ...input, listIcon: input.listIcon ?? null };
      if (!service) {
        create.mutate(body);
        return;
      }
      try {
        await update.mutateAsync({ id: service.id, input: body, version });
      } catch (error) {
        // Any other failure was already reported by the mutation.
        await conflicts.catchStale(error, latest);
      }
    })();
    UNIQUE_FIELDS.forEach((field, index) => {
      const message = taken[index];
      if (message) setError(field, { type: 'taken', message });
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('services.form.name'),
            displayName: t('services.form.displayName'),
            departmentId: t('services.form.department'),
            color: t('services.form.color'),
            listIcon: t('services.form.icon'),
          }}
          busy={pending}
          onOverwrite={() => void submit(conflicts.overwriteVersion())}
        />
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
