import {
  CLIENT_TYPE,
  clientOwnerEmailSchema,
  createClientInputSchema,
  type ClientType,
  type CreateClientInput,
  type CreatedClientDto,
} from '@ledgerport/shared';
import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { shapedFormResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { toSelectData } from '@/lib/reference-data/select-data';
import { checkOwnerEmailAvailability } from '../api/check-owner-email';
import { useCreateClient } from '../api/create-client';
import { useClientUserOptions } from '../api/get-client-user-options';
import { PhoneField } from '@/components/ui/phone-input';
import { RemoteSelect, type RemoteChoice } from '@/components/ui/remote-select';

export interface CreateClientFormValues {
  name: string;
  firstName: string;
  lastName: string;
  owner: RemoteChoice | null;
  createNewUser: boolean;
  newOwner: {
    firstName: string;
    lastName: string;
    emailAddress: string;
    phoneNumber: string;
    advisorUserId: string | null;
    password: string;
    confirmPassword: string;
  };
}

const EMPTY: CreateClientFormValues = {
  name: '',
  firstName: '',
  lastName: '',
  owner: null,
  createNewUser: false,
  newOwner: {
    firstName: '',
    lastName: '',
    emailAddress: '',
    phoneNumber: '',
    advisorUserId: null,
    password: '',
    confirmPassword: '',
  },
};

/** The request the form stands for: the owner is either the chosen user or the new one, never both. */
function toInput(clientType: ClientType, values: CreateClientFormValues): unknown {
  const business = clientType === CLIENT_TYPE.business;
  return {
    clientType,
    name: business ? values.name : undefined,
    firstName: business ? undefined : values.firstName,
    lastName: business ? undefined : values.lastName,
    ownerUserId: values.createNewUser ? undefined : values.owner?.value,
    newOwner: values.createNewUser
      ? {
          ...values.newOwner,
          // A personal client's owner is the person: the API copies the client's names.
          firstName: business ? values.newOwner.firstName : undefined,
          lastName: business ? values.newOwner.lastName : undefined,
          advisorUserId: values.newOwner.advisorUserId ?? '',
        }
      : undefined,
  };
}

/** Validates with the shared contract; only the words are the web app's (see lib/form-resolver). */
function createClientResolver(clientType: ClientType, t: TFunction): Resolver<CreateClientFormValues> {
  return shapedFormResolver<CreateClientFormValues>(createClientInputSchema, t, {
    toInput: (values) => toInput(clientType, values),
    // The form holds the chosen owner as one field.
    fieldOf: (path) => (path === 'ownerUserId' ? 'owner' : path),
    messages: { 'newOwner.password': t('common.validation.password') },
  });
}

/**
 * Create client (spec 02 sections 3, 5): a business name or first and last name, and an owner:
 * an existing client user found by remote search, or a new user created with the client.
 * Closing the modal discards the form.
 */
export function CreateClientModal({
  clientType,
  onClose,
  onCreated,
}: {
  clientType: ClientType | null;
  onClose: () => void;
  onCreated: (client: CreatedClientDto) => void;
}) {
  const { t } = useTranslation();
  const title =
    clientType === CLIENT_TYPE.personal ? t('clients.create.personalTitle') : t('clients.create.businessTitle');
  return (
    <Modal opened={clientType !== null} onClose={onClose} title={title} size={600} centered>
      {clientType !== null && <CreateClientForm key={clientType} clientType={clientType} onCreated={onCreated} />}
    </Modal>
  );
}

export function CreateClientForm({
  clientType,
  onCreated,
}: {
  clientType: ClientType;
  onCreated: (client: CreatedClientDto) => void;
}) {
  const { t } = useTranslation();
  const business = clientType === CLIENT_TYPE.business;
  const create = useCreateClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientFormValues>({
    resolver: createClientResolver(clientType, t),
    defaultValues: EMPTY,
  });
  const createNewUser = watch('createNewUser');
  const advisors = useAdvisors({ enabled: createNewUser, select: toSelectData });

  const takenMessage = async (raw: string): Promise<string | null> => {
    const value = raw.trim();
    if (!clientOwnerEmailSchema.safeParse(value).success) return null;
    try {
      return (await checkOwnerEmailAvailability(value)) ? null : t('common.validation.taken', { value });
    } catch {
      // The server checks again on save; a failed check must not block the form.
      return null;
    }
  };

  /** The new owner's e-mail is checked again on submit, so a taken one is named whatever else is wrong. */
  const showTakenEmail = async (values: CreateClientFormValues): Promise<boolean> => {
    if (!values.createNewUser) return false;
    const message = await takenMessage(values.newOwner.emailAddress);
    if (message) setError('newOwner.emailAddress', { type: 'taken', message });
    return message !== null;
  };

  const save = async (values: CreateClientFormValues) => {
    if (await showTakenEmail(values)) return;
    const input = createClientInputSchema.parse(toInput(clientType, values)) as CreateClientInput;
    try {
      const created = await create.mutateAsync(input);
      notify.success(t('common.messages.created', { name: created.name }), { key: 'client-created' });
      onCreated(created);
    } catch (error) {
      if (isApiError(error, 409)) {
        const value = values.newOwner.emailAddress.trim();
        setError('newOwner.emailAddress', { type: 'taken', message: t('common.validation.taken', { value }) });
        return;
      }
      notify.error(t('clients.messages.createError'), { key: 'client-create-failed' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(save, () => void showTakenEmail(getValues()))(event)} noValidate>
      <Stack gap="sm">
        {business ? (
          <TextInput label={t('clients.create.name')} required error={errors.name?.message} {...register('name')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('clients.create.firstName')}
              required
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label={t('clients.create.lastName')}
              required
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </SimpleGrid>
        )}
        <Controller
          control={control}
          name="createNewUser"
          render={({ field }) => (
            <Switch
              label={t('clients.create.createNewUser')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {!createNewUser ? (
          <Controller
            control={control}
            name="owner"
            render={({ field }) => (
              <RemoteSelect
                label={t('clients.create.owner')}
                useOptions={useClientUserOptions}
                nothingFoundText={t('clients.search.nothingFound')}
                placeholder={t('clients.create.ownerPlaceholder')}
                required
                error={errors.owner?.message}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        ) : (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('clients.create.newOwnerHeading')}
            </Title>
            {business && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('clients.create.ownerFirstName')}
                  required
                  error={errors.newOwner?.firstName?.message}
                  {...register('newOwner.firstName')}
                />
                <TextInput
                  label={t('clients.create.ownerLastName')}
                  required
                  error={errors.newOwner?.lastName?.message}
                  {...register('newOwner.lastName')}
                />
              </SimpleGrid>
            )}
            <TextInput
              label={t('clients.create.emailAddress')}
              type="email"
              required
              autoComplete="off"
              error={errors.newOwner?.emailAddress?.message}
              {...register('newOwner.emailAddress', {
                onBlur: async (event: { target: { value: string } }) => {
                  const message = await takenMessage(event.target.value);
                  if (message) setError('newOwner.emailAddress', { type: 'taken', message });
                },
              })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <PhoneField
                control={control}
                name="newOwner.phoneNumber"
                label={t('clients.create.phoneNumber')}
                required
                error={errors.newOwner?.phoneNumber?.message}
              />
              <Controller
                control={control}
                name="newOwner.advisorUserId"
                render={({ field }) => (
                  <Select
                    label={t('clients.create.advisor')}
                    required
                    searchable
                    clearable
                    data={advisors.data ?? []}
                    error={errors.newOwner?.advisorUserId?.message}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={field.onChange}
                  />
                )}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <PasswordInput
                label={t('clients.create.password')}
                required
                autoComplete="new-password"
                error={errors.newOwner?.password?.message}
                {...register('newOwner.password')}
              />
              <PasswordInput
                label={t('clients.create.confirmPassword')}
                required
                autoComplete="new-password"
                error={errors.newOwner?.confirmPassword?.message}
                {...register('newOwner.confirmPassword')}
              />
            </SimpleGrid>
          </Stack>
        )}
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={isSubmitting}>
            {t('clients.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
