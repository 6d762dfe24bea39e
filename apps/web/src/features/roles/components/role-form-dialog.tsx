import {
  compactPermissions,
  expandPermissions,
  roleInputSchema,
  type PermissionDto,
  type RoleDto,
  type RoleInput,
} from '@ledgerport/shared';
import { Alert, Button, Center, Group, Loader, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkRoleAvailability } from '../api/check-role-availability';
import { useCreateRole } from '../api/create-role';
import { usePermissions } from '../api/get-permissions';
import { roleQueryOptions, useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { UNIQUE_FIELDS, useUniquenessCheck, type UniqueField } from '@/lib/use-uniqueness-check';
import { formResolver } from '@/lib/form-resolver';
import { useSaveConflict } from '@/lib/conflicts';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { PermissionPicker } from './permission-picker';

type FormValues = z.input<typeof roleInputSchema>;

function formValuesOf(role: RoleDto | null): FormValues {
  return {
    name: role?.name ?? '',
    displayName: role?.displayName ?? '',
    description: role?.description ?? '',
    // The picker shows catalogue permissions: a held area ticks every permission in it.
    permissions: expandPermissions(role?.permissions.map((permission) => permission.id) ?? []),
  };
}

export interface RoleFormDialogProps {
  opened: boolean;
  /** The role to edit; null to create one. */
  roleId: number | null;
  onClose: () => void;
}

/**
 * Create or edit a role. The form lives only while the dialog is open (closing resets it) and starts
 * once the role and the permission catalogue are loaded.
 */
export function RoleFormDialog({ opened, roleId, onClose }: RoleFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(roleId ? 'roles.form.editTitle' : 'roles.form.createTitle')}>
      {opened && <RoleFormLoader key={roleId ?? 'new'} roleId={roleId} onDone={onClose} />}
    </Modal>
  );
}

function RoleFormLoader({ roleId, onDone }: { roleId: number | null; onDone: () => void }) {
  const { t } = useTranslation();
  const catalogue = usePermissions();
  const role = useRole(roleId);
  if (catalogue.isError || role.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('common.messages.fetchError')}
      </Alert>
    );
  }
  if (!catalogue.data || (roleId !== null && !role.data)) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  return <RoleForm role={roleId === null ? null : role.data!} catalogue={catalogue.data} onDone={onDone} />;
}

export interface RoleFormProps {
  role: RoleDto | null;
  catalogue: PermissionDto[];
  onDone: () => void;
}

export function RoleForm({ role, catalogue, onDone }: RoleFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useCreateRole({ onSuccess: onDone });
  const update = useUpdateRole({ onSuccess: onDone });
  const isStatic = role?.isStatic ?? false;
  const held = useMemo(() => role?.permissions.map((permission) => permission.id) ?? [], [role]);
  const resolver = useMemo(
    () => formResolver(roleInputSchema, t, { permissions: t('roles.validation.permissionsRequired') }),
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
  } = useForm<FormValues, unknown, RoleInput>({ resolver, defaultValues: formValuesOf(role) });
  const conflicts = useSaveConflict<FormValues>(role?.version, useState(() => formValuesOf(role))[0], (v) => v);

  const original = useMemo(() => (role ? { name: role.name, displayName: role.displayName } : null), [role]);
  const checkUnique = useUniquenessCheck(original, checkRoleAvailability);

  const checkOnBlur = async (field: UniqueField) => {
    const value = getValues(field);
    const message = await checkUnique(field, value);
    if (getValues(field) !== value) return; // the user typed on while the answer travelled
    if (message) setError(field, { type: 'taken', message });
    else if (errors[field]?.type === 'taken') clearErrors(field);
  };

  const save = (values: RoleInput, version = conflicts.version) => {
    const input: RoleInput = {
      ...values,
      description: values.description || null,
      // A static role's name and permissions are not the form's to change: send them as they are.
      name: isStatic && role ? role.name : values.name,
      permissions: isStatic ? held : compactPermissions(values.permissions, held),
    };
    if (!role) {
      create.mutate(input);
      return;
    }
    const roleId = role.id;
    // Someone saved the role after this form loaded it: what was typed stays, their changes are named.
    const latest = async () => {
      const saved = await queryClient.fetchQuery(roleQueryOptions(roleId));
      return { values: formValuesOf(saved), version: saved.version };
    };
    update.mutate({ id: roleId, input, version }, { onError: (error) => void conflicts.catchStale(error, latest) });
  };

  // Uniqueness first, then the form's own rules; the call is made only when both pass (spec 01 section 5).
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const taken = await Promise.all(UNIQUE_FIELDS.map((field) => checkUnique(field, getValues(field))));
    await handleSubmit((values) => {
      if (!taken.some(Boolean)) save(values);
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
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('roles.form.name'),
            displayName: t('roles.form.displayName'),
            description: t('roles.form.description'),
            permissions: t('roles.form.permissions'),
          }}
          busy={update.isPending}
          onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        {isStatic && (
          <Alert color="gray" variant="light" icon={<IconLock size={16} aria-hidden />}>
            {t('roles.form.staticHint')}
          </Alert>
        )}
        <TextInput
          label={t('roles.form.name')}
          withAsterisk={!isStatic}
          disabled={isStatic}
          error={errors.name?.message}
          {...register('name', { onBlur: () => void checkOnBlur('name') })}
        />
        <TextInput
          label={t('roles.form.displayName')}
          withAsterisk
          error={errors.displayName?.message}
          {...register('displayName', { onBlur: () => void checkOnBlur('displayName') })}
        />
        <Textarea
          label={t('roles.form.description')}
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field }) => (
            <PermissionPicker
              catalogue={catalogue}
              value={field.value}
              onChange={field.onChange}
              readOnly={isStatic}
              error={errors.permissions?.message ?? errors.permissions?.root?.message}
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
