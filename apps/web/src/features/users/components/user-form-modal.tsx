import {
  ROLE_NAME,
  createUserFormSchema,
  updateUserFormSchema,
  userEmailSchema,
  userRoleFields,
  userRoleRuleIssues,
  type CreateUserInput,
  type UpdateUserInput,
  type UserDetailsDto,
  type RoleOption,
} from '@ledgerport/shared';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { useDepartments } from '@/lib/reference-data/get-departments';
import { toSelectData } from '@/lib/reference-data/select-data';
import { useSession } from '@/lib/session';
import { checkEmailAvailability } from '../api/check-email-availability';
import { checkUsernameAvailability } from '../api/check-username-availability';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import { useSupervisorOptions } from '../api/get-supervisor-options';
import { userQueryOptions, useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { contractMessage } from '@/lib/contract-messages';
import { formResolver } from '@/lib/form-resolver';
import { useFetchErrorNotice } from '../lib/use-fetch-error-notice';
import { PhoneField } from '@/components/ui/phone-input';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';

/** What the modal is open for: creating a user or editing one; null when closed. */
export type UserFormTarget = { mode: 'create' } | { mode: 'edit'; userId: number } | null;

/** Selects hold their option's value as text; the shared schema turns them into ids. */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  emailAddress: string;
  username: string;
  phoneNumber: string;
  extension: string;
  roleId: string | null;
  advisorUserId: string | null;
  supervisorUserId: string | null;
  departmentId: string | null;
  password: string;
  confirmPassword: string;
}

type UserFormOutput = CreateUserInput | UpdateUserInput;
type UniqueField = 'emailAddress' | 'username';

const EXTENSION_LENGTH = 4;

/** What a conflict compares: the user's fields (the passwords belong to creating only). */
const comparable = ({ password: _password, confirmPassword: _confirm, ...fields }: UserFormValues) => fields;

function initialValues(user: UserDetailsDto | null): UserFormValues {
  const id = (value: number | null) => (value === null ? null : String(value));
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    emailAddress: user?.emailAddress ?? '',
    username: user?.username ?? '',
    phoneNumber: user?.phoneNumber ?? '',
    extension: user?.extension ?? '',
    roleId: id(user?.roleId ?? null),
    advisorUserId: id(user?.advisorUserId ?? null),
    supervisorUserId: id(user?.supervisorUserId ?? null),
    departmentId: id(user?.departmentId ?? null),
    password: '',
    confirmPassword: '',
  };
}

/** Create and edit user (spec 01 sections 2.13, 4.7, 5). Closing it discards the form. */
export function UserFormModal({ target, onClose }: { target: UserFormTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const userId = target?.mode === 'edit' ? target.userId : null;
  const user = useUser(userId);
  const roles = useRoleOptions();
  const title = target?.mode === 'edit' ? t('users.form.editTitle') : t('users.form.createTitle');
  const loading = roles.isPending || (userId !== null && user.isPending);
  const failed = roles.isError || (userId !== null && user.isError);

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size={600} centered>
      {target !== null &&
        (failed ? (
          <Center py="lg" c="red" role="alert">
            {t('common.messages.fetchError')}
          </Center>
        ) : loading ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : (
          <UserForm
            // A fresh form per user opened: nothing typed for one user carries over to the next.
            key={userId ?? 'new'}
            user={userId === null ? null : (user.data ?? null)}
            roleOptions={roles.data ?? []}
            onDone={onClose}
          />
        ))}
    </Modal>
  );
}

interface UserFormProps {
  /** null: create a user. */
  user: UserDetailsDto | null;
  roleOptions: RoleOption[];
  onDone: () => void;
}

export function UserForm({ user, roleOptions, onDone }: UserFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isEdit = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [checking, setChecking] = useState(false);
  const isClientUser = user?.roles.some((role) => role.name === ROLE_NAME.client) ?? false;
  // Nobody changes their own role (the API refuses it): it would end their own session mid-edit.
  const signedInUserId = useSession().user?.id;
  const isSelf = user !== null && user.id === signedInUserId;

  // Spec 01 section 4.7: in edit mode the client role is fixed for a client and absent for anyone else.
  const roleChoices = useMemo(() => {
    if (!isEdit) return roleOptions;
    return roleOptions.filter((role) => (role.name === ROLE_NAME.client) === isClientUser);
  }, [isEdit, isClientUser, roleOptions]);
  const roleNameOf = (roleId: string | null) => roleOptions.find((role) => role.value === roleId)?.name ?? null;

  // The resolver reads the role chosen at the moment it runs, without being rebuilt on every change.
  const roleNameRef = useRef<string | null>(null);
  const resolver = useMemo(() => {
    const schema = isEdit ? updateUserFormSchema : createUserFormSchema;
    const base = formResolver<typeof schema, UserFormValues>(schema, t, {
      emailAddress: t('common.validation.email'),
      password: t('common.validation.password'),
      extension: t('common.validation.extension'),
    });
    const withRoleRules: Resolver<UserFormValues, unknown, UserFormOutput> = async (values, context, options) => {
      const result = await base(values, context, options);
      const issues = userRoleRuleIssues(roleNameRef.current, {
        advisorUserId: values.advisorUserId ? 1 : null,
        supervisorUserId: values.supervisorUserId ? 1 : null,
        departmentId: values.departmentId ? 1 : null,
        extension: values.extension.trim() === '' ? null : values.extension,
      });
      if (issues.length === 0) return result;
      const errors: FieldErrors<UserFormValues> = { ...result.errors };
      for (const issue of issues) {
        errors[issue.field] ??= {
          type: 'custom',
          message: contractMessage(t, issue.message) ?? t('users.validation.notAllowedForRole'),
        };
      }
      return { values: {}, errors };
    };
    return withRoleRules;
  }, [isEdit, t]);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues, unknown, UserFormOutput>({ resolver, defaultValues: initialValues(user) });
  const conflicts = useSaveConflict<UserFormValues>(user?.version, useState(() => initialValues(user))[0], comparable);

  const roleName = roleNameOf(watch('roleId'));
  roleNameRef.current = roleName;
  const fields = userRoleFields(roleName);
  const advisors = useAdvisors({ enabled: fields.advisor });
  const supervisors = useSupervisorOptions({ enabled: fields.supervisor });
  const departments = useDepartments({ enabled: fields.department, select: toSelectData });
  useFetchErrorNotice(advisors.isError || supervisors.isError || departments.isError);

  /** The user's current advisor or supervisor stays choosable even if no longer active. */
  const withCurrent = (
    options: Array<{ value: string; displayText: string }> | undefined,
    current: { id: number; fullName: string } | null | undefined,
  ) => {
    const data = toSelectData(options ?? []);
    if (current && !data.some((option) => option.value === String(current.id))) {
      data.push({ value: String(current.id), label: current.fullName });
    }
    return data;
  };

  /** Spec 01 section 4.7: a new role clears the fields that do not apply to it. */
  const onRoleChange = (roleId: string | null) => {
    const next = userRoleFields(roleNameOf(roleId));
    const clear = { shouldDirty: true } as const;
    if (!next.advisor) setValue('advisorUserId', null, clear);
    if (!next.supervisor) setValue('supervisorUserId', null, clear);
    if (!next.department) setValue('departmentId', null, clear);
    if (!next.extension) setValue('extension', '', clear);
  };

  /** "{value} is already taken. Try another." or null; unchanged values in edit mode are not checked. */
  const takenMessage = async (field: UniqueField, raw: string): Promise<string | null> => {
    const value = raw.trim();
    if (value === '' || (field === 'username' && !isEdit)) return null;
    if (isEdit && value.toLowerCase() === user[field].toLowerCase()) return null;
    if (field === 'emailAddress' && !userEmailSchema.safeParse(value).success) return null;
    try {
      const available =
        field === 'emailAddress' ? await checkEmailAvailability(value) : await checkUsernameAvailability(value);
      return available ? null : t('common.validation.taken', { value });
    } catch {
      // The server checks again on save; a failed check must not block the form.
      return null;
    }
  };

  const checkOnBlur = async (field: UniqueField, value: string) => {
    const message = await takenMessage(field, value);
    if (message) setError(field, { type: 'taken', message });
  };

  const save = async (values: UserFormOutput, version = conflicts.version) => {
    const name = `${values.firstName} ${values.lastName}`;
    try {
      if (isEdit) {
        await updateUser.mutateAsync({ id: user.id, input: values as UpdateUserInput, version });
        notify.success(t('common.messages.updated', { name }), { key: `user-saved-${user.id}` });
      } else {
        await createUser.mutateAsync(values as CreateUserInput);
        notify.success(t('common.messages.created', { name }), { key: 'user-created' });
      }
      onDone();
    } catch (error) {
      if (isEdit) {
        // Someone saved the user after this form loaded it: what was typed stays, their changes are named.
        const userId = user.id;
        const latest = async () => {
          const saved = await queryClient.fetchQuery({ ...userQueryOptions(userId), staleTime: 0 });
          return { values: initialValues(saved), version: saved.version };
        };
        if (await conflicts.catchStale(error, latest)) return;
      }
      if (isApiError(error, 409)) {
        const field = (error.details as Array<{ field?: string }> | undefined)?.[0]?.field;
        if (field === 'emailAddress' || field === 'username') {
          setError(field, { type: 'taken', message: t('common.validation.taken', { value: getValues(field).trim() }) });
          return;
        }
      }
      notify.error(isEdit ? t('users.messages.updateError') : t('users.messages.createError'), {
        key: 'user-save-failed',
      });
    }
  };

  /** Spec 01 section 5: the uniqueness checks run first, then validation; the call only if all is well. */
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecking(true);
    const current = getValues();
    const taken: Array<[UniqueField, string]> = [];
    try {
      for (const field of ['emailAddress', 'username'] as const) {
        const message = await takenMessage(field, current[field]);
        if (message) taken.push([field, message]);
      }
    } finally {
      setChecking(false);
    }
    const showTaken = () => taken.forEach(([field, message]) => setError(field, { type: 'taken', message }));
    await handleSubmit(async (values) => {
      if (taken.length > 0) showTaken();
      else await save(values);
    }, showTaken)();
  };

  const busy = checking || isSubmitting;
  const selectProps = { searchable: true, clearable: true, nothingFoundMessage: t('common.table.empty') } as const;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            firstName: t('users.form.firstName'),
            lastName: t('users.form.lastName'),
            emailAddress: t('users.form.emailAddress'),
            username: t('users.form.username'),
            phoneNumber: t('users.form.phoneNumber'),
            extension: t('users.form.extension'),
            roleId: t('users.form.role'),
            advisorUserId: t('users.form.advisor'),
            supervisorUserId: t('users.form.supervisor'),
            departmentId: t('users.form.department'),
          }}
          busy={busy}
          onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('users.form.firstName')}
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label={t('users.form.lastName')}
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('users.form.emailAddress')}
          type="email"
          required
          autoComplete="off"
          error={errors.emailAddress?.message}
          {...register('emailAddress', { onBlur: (event) => void checkOnBlur('emailAddress', event.target.value) })}
        />
        {isEdit && (
          <TextInput
            label={t('users.form.username')}
            required
            autoComplete="off"
            error={errors.username?.message}
            {...register('username', { onBlur: (event) => void checkOnBlur('username', event.target.value) })}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PhoneField
            control={control}
            name="phoneNumber"
            label={t('users.form.phoneNumber')}
            required
            error={errors.phoneNumber?.message}
          />
          {fields.extension && (
            <Controller
              control={control}
              name="extension"
              render={({ field }) => (
                <TextInput
                  label={t('users.form.extension')}
                  inputMode="numeric"
                  maxLength={EXTENSION_LENGTH}
                  error={errors.extension?.message}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, EXTENSION_LENGTH))
                  }
                />
              )}
            />
          )}
        </SimpleGrid>
        <Controller
          control={control}
          name="roleId"
          render={({ field }) => (
            <Select
              label={t('users.form.role')}
              required
              data={roleChoices.map((role) => ({ value: role.value, label: role.displayText }))}
              disabled={isEdit && (isClientUser || isSelf)}
              allowDeselect={false}
              error={errors.roleId?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(value) => {
                field.onChange(value);
                onRoleChange(value);
              }}
            />
          )}
        />
        {fields.advisor && (
          <Controller
            control={control}
            name="advisorUserId"
            render={({ field }) => (
              <Select
                {...selectProps}
                label={t('users.form.advisor')}
                required
                data={withCurrent(advisors.data, user?.advisor)}
                error={errors.advisorUserId?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {fields.supervisor && (
          <Controller
            control={control}
            name="supervisorUserId"
            render={({ field }) => (
              <Select
                {...selectProps}
                label={t('users.form.supervisor')}
                data={withCurrent(supervisors.data, user?.supervisor)}
                error={errors.supervisorUserId?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {fields.department && (
          <Controller
            control={control}
            name="departmentId"
            render={({ field }) => (
              <Select
                {...selectProps}
                label={t('users.form.department')}
                required
                data={departments.data ?? []}
                error={errors.departmentId?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {!isEdit && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('users.form.password')}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
              error={errors.password?.message}
              {...register('password')}
            />
            <PasswordInput
              label={t('users.form.confirmPassword')}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {isEdit ? t('common.actions.save') : t('common.actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
