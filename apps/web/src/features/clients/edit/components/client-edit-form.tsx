import {
  MARITAL_STATUS,
  PROFILE_PICTURE,
  editBusinessClientFormSchema,
  editPersonalClientFormSchema,
  type ClientEditDto,
} from '@ledgerport/shared';
import {
  ActionIcon,
  Avatar,
  Button,
  Checkbox,
  FileButton,
  Fieldset,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { shapedFormResolver } from '@/lib/form-resolver';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { useStates } from '@/lib/reference-data/get-states';
import { servicesToSelectData, toSelectData } from '@/lib/reference-data/select-data';
import { useClientPicture } from '../api/get-client-picture';
import { clientForEditQueryOptions } from '../api/get-client';
import { useUpdateClient } from '../api/update-client';
import {
  formValuesOf,
  type AddressValues,
  type ClientFormValues,
  type EditableClientType,
  type PictureChange,
} from '../lib/client-form-values';
import { formatDigits, SSN_MASK, TIN_MASK, ZIP_MASK } from '@/lib/digits-mask';
import { pictureProblem, usePreview } from '@/lib/picture';
import { UserSearchSelect } from './user-search-select';
import { PhoneField } from '@/components/ui/phone-input';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';

const NOTICE_KEY = 'client-edit-save';
const AVATAR_SIZE = 96;
const MARRIED = String(MARITAL_STATUS.married);
const ADDRESS_LABELS = {
  addressLine1: ['clientEdit.fields.addressLine1', 'clientEdit.fields.spouseAddressLine1'],
  addressLine2: ['clientEdit.fields.addressLine2', 'clientEdit.fields.spouseAddressLine2'],
  city: ['clientEdit.fields.city', 'clientEdit.fields.spouseCity'],
  state: ['clientEdit.fields.state', 'clientEdit.fields.spouseState'],
  zipCode: ['clientEdit.fields.zipCode', 'clientEdit.fields.spouseZipCode'],
} as const;

/**
 * Validates with the shared schema of the client's type, worded by lib/form-resolver; the form keeps
 * its text values, which the multipart body sends as they are.
 */
function clientResolver(clientType: EditableClientType, t: TFunction): Resolver<ClientFormValues> {
  const schema = clientType === 'business' ? editBusinessClientFormSchema : editPersonalClientFormSchema;
  return shapedFormResolver<ClientFormValues>(schema, t, { toInput: (values) => values });
}

function displayName(clientType: EditableClientType, values: ClientFormValues): string {
  return clientType === 'business' ? values.name.trim() : `${values.firstName.trim()} ${values.lastName.trim()}`;
}

/** The edit-client form (spec 02: Edit client, sections 4 and 5), for both kinds of client. */
export function ClientEditForm({
  clientType,
  client,
  onDone,
}: {
  clientType: EditableClientType;
  client: ClientEditDto;
  /** After a successful save or on Cancel. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateClient();
  const states = useStates({ select: toSelectData });
  const services = useActiveServices({ clientId: null }, { select: servicesToSelectData });
  const advisors = useAdvisors({ select: toSelectData });
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const stored = useClientPicture(client.id, AVATAR_SIZE, { enabled: client.hasProfilePicture });
  const preview = usePreview(picture.kind === 'replace' ? picture.file : null);
  const shownPicture = picture.kind === 'replace' ? preview : picture.kind === 'remove' ? null : stored;
  const hasPicture = picture.kind === 'replace' || (picture.kind === 'keep' && client.hasProfilePicture);

  const resolver = useMemo(() => clientResolver(clientType, t), [clientType, t]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ClientFormValues>({ resolver, defaultValues: formValuesOf(client) });
  const conflicts = useSaveConflict<ClientFormValues>(
    client.version,
    useState(() => formValuesOf(client))[0],
    (values) => values,
  );

  const married = watch('maritalStatus') === MARRIED;
  const clientServices = watch('services');
  const collaborators = watch('collaborators');
  const ownerUserId = watch('ownerUserId');

  const serviceOptions = services.data ?? [];
  const stateOptions = states.data ?? [];
  const advisorOptions = advisors.data ?? [];

  /** Spec 02 section 4: a dropped service leaves every collaborator, an added one joins every collaborator. */
  const changeServices = (next: string[]) => {
    const previous = getValues('services');
    const added = next.filter((id) => !previous.includes(id));
    setValue('services', next, { shouldValidate: Object.keys(errors).length > 0 });
    setValue(
      'collaborators',
      getValues('collaborators').map((collaborator) => ({
        ...collaborator,
        services: [...new Set([...collaborator.services.filter((id) => next.includes(id)), ...added])],
      })),
    );
  };

  const choosePicture = (file: File | null) => {
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setPictureError(t(`clientEdit.picture.${problem}`));
      return;
    }
    setPictureError(null);
    setPicture({ kind: 'replace', file });
  };

  const save = async (values: ClientFormValues, version = conflicts.version) => {
    try {
      await update.mutateAsync({ clientType, id: client.id, values, picture, version });
      notify.success(t('common.messages.updated', { name: displayName(clientType, values) }), { key: NOTICE_KEY });
      onDone();
    } catch (error) {
      const latest = async () => {
        // Their version, to compare with what this form loaded (an audited reveal, as any open of the form).
        const saved = await queryClient.fetchQuery({
          ...clientForEditQueryOptions(clientType, client.id),
          staleTime: 0,
        });
        return { values: formValuesOf(saved), version: saved.version };
      };
      if (await conflicts.catchStale(error, latest)) return;
      const message = isApiError(error, 415)
        ? t('clientEdit.picture.invalidType')
        : t('clientEdit.messages.updateError');
      notify.error(message, { key: NOTICE_KEY });
    }
  };
  const onSubmit = handleSubmit((values) => save(values));

  const maskedInput = (
    name: 'socialSecurityNumber' | 'taxpayerIdentificationNumber' | 'spouseInfo.socialSecurityNumber',
    label: string,
    mask: string,
    error: string | undefined,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          placeholder={mask}
          inputMode="numeric"
          value={field.value}
          onChange={(event) => field.onChange(formatDigits(event.currentTarget.value, mask))}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );

  const addressFields = (
    prefix: 'address' | 'spouseInfo.address',
    addressErrors: FieldErrors<AddressValues> | undefined,
  ) => {
    const spouse = prefix !== 'address';
    const label = (key: keyof typeof ADDRESS_LABELS) => t(ADDRESS_LABELS[key][spouse ? 1 : 0]);
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={label('addressLine1')}
          {...register(`${prefix}.addressLine1`)}
          error={addressErrors?.addressLine1?.message}
        />
        <TextInput
          label={label('addressLine2')}
          {...register(`${prefix}.addressLine2`)}
          error={addressErrors?.addressLine2?.message}
        />
        <TextInput label={label('city')} {...register(`${prefix}.city`)} error={addressErrors?.city?.message} />
        <Controller
          control={control}
          name={`${prefix}.stateId`}
          render={({ field }) => (
            <Select
              label={label('state')}
              data={stateOptions}
              searchable
              clearable
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={addressErrors?.stateId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`${prefix}.zipCode`}
          render={({ field }) => (
            <TextInput
              label={label('zipCode')}
              inputMode="numeric"
              value={field.value}
              onChange={(event) => field.onChange(formatDigits(event.currentTarget.value, ZIP_MASK))}
              onBlur={field.onBlur}
              error={addressErrors?.zipCode?.message}
            />
          )}
        />
      </SimpleGrid>
    );
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg" maw={960}>
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('clientEdit.fields.name'),
            tradeName: t('clientEdit.fields.tradeName'),
            taxpayerIdentificationNumber: t('clientEdit.fields.taxpayerIdentificationNumber'),
            website: t('clientEdit.fields.website'),
            firstName: t('clientEdit.fields.firstName'),
            lastName: t('clientEdit.fields.lastName'),
            socialSecurityNumber: t('clientEdit.fields.socialSecurityNumber'),
            birthDate: t('clientEdit.fields.birthDate'),
            maritalStatus: t('clientEdit.fields.maritalStatus'),
            emailAddress: t('clientEdit.fields.emailAddress'),
            phoneNumber: t('clientEdit.fields.phoneNumber'),
            advisorUserId: t('clientEdit.fields.advisor'),
            ownerUserId: t('clientEdit.fields.owner'),
            ownerUser: t('clientEdit.fields.owner'),
            address: t('clientEdit.sections.address'),
            services: t('clientEdit.sections.services'),
            collaborators: t('clientEdit.sections.collaborators'),
            spouseInfo: t('clientEdit.sections.spouse'),
          }}
          busy={update.isPending}
          onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
        />
        <Fieldset legend={t('clientEdit.sections.general')}>
          {clientType === 'business' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('clientEdit.fields.name')}
                required
                {...register('name')}
                error={errors.name?.message}
              />
              <TextInput
                label={t('clientEdit.fields.tradeName')}
                {...register('tradeName')}
                error={errors.tradeName?.message}
              />
              {maskedInput(
                'taxpayerIdentificationNumber',
                t('clientEdit.fields.taxpayerIdentificationNumber'),
                TIN_MASK,
                errors.taxpayerIdentificationNumber?.message,
              )}
              <TextInput
                label={t('clientEdit.fields.website')}
                {...register('website')}
                error={errors.website?.message}
              />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('clientEdit.fields.firstName')}
                required
                {...register('firstName')}
                error={errors.firstName?.message}
              />
              <TextInput
                label={t('clientEdit.fields.lastName')}
                required
                {...register('lastName')}
                error={errors.lastName?.message}
              />
              {maskedInput(
                'socialSecurityNumber',
                t('clientEdit.fields.socialSecurityNumber'),
                SSN_MASK,
                errors.socialSecurityNumber?.message,
              )}
              <TextInput
                type="date"
                label={t('clientEdit.fields.birthDate')}
                {...register('birthDate')}
                error={errors.birthDate?.message}
              />
              <Controller
                control={control}
                name="maritalStatus"
                render={({ field }) => (
                  <Radio.Group
                    label={t('clientEdit.fields.maritalStatus')}
                    value={field.value}
                    onChange={field.onChange}
                  >
                    <Group mt="xs">
                      <Radio value={String(MARITAL_STATUS.single)} label={t('clientEdit.maritalStatus.single')} />
                      <Radio value={MARRIED} label={t('clientEdit.maritalStatus.married')} />
                    </Group>
                  </Radio.Group>
                )}
              />
            </SimpleGrid>
          )}
        </Fieldset>

        <Fieldset legend={t('clientEdit.sections.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="email"
              label={t('clientEdit.fields.emailAddress')}
              required
              {...register('emailAddress')}
              error={errors.emailAddress?.message}
            />
            <PhoneField
              control={control}
              name="phoneNumber"
              label={t('clientEdit.fields.phoneNumber')}
              error={errors.phoneNumber?.message}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('clientEdit.sections.address')}>{addressFields('address', errors.address)}</Fieldset>

        {clientType === 'personal' && married && (
          <Fieldset legend={t('clientEdit.sections.spouse')}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('clientEdit.fields.spouseFirstName')}
                  required
                  {...register('spouseInfo.firstName')}
                  error={errors.spouseInfo?.firstName?.message}
                />
                <TextInput
                  label={t('clientEdit.fields.spouseLastName')}
                  required
                  {...register('spouseInfo.lastName')}
                  error={errors.spouseInfo?.lastName?.message}
                />
                {maskedInput(
                  'spouseInfo.socialSecurityNumber',
                  t('clientEdit.fields.spouseSocialSecurityNumber'),
                  SSN_MASK,
                  errors.spouseInfo?.socialSecurityNumber?.message,
                )}
                <TextInput
                  type="date"
                  label={t('clientEdit.fields.spouseBirthDate')}
                  {...register('spouseInfo.birthDate')}
                  error={errors.spouseInfo?.birthDate?.message}
                />
                <PhoneField
                  control={control}
                  name="spouseInfo.phoneNumber"
                  label={t('clientEdit.fields.spousePhoneNumber')}
                  error={errors.spouseInfo?.phoneNumber?.message}
                />
              </SimpleGrid>
              {addressFields('spouseInfo.address', errors.spouseInfo?.address)}
            </Stack>
          </Fieldset>
        )}

        <Fieldset legend={t('clientEdit.sections.services')}>
          <Checkbox.Group
            label={t('clientEdit.sections.services')}
            required
            value={clientServices}
            onChange={changeServices}
            error={errors.services?.message ?? (services.isError ? t('clientEdit.messages.optionsError') : undefined)}
          >
            <Group mt="xs">
              {serviceOptions.map((service) => (
                <Checkbox key={service.value} value={service.value} label={service.label} />
              ))}
            </Group>
          </Checkbox.Group>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fieldset legend={t('clientEdit.sections.owner')}>
            <UserSearchSelect
              label={t('clientEdit.fields.owner')}
              required
              value={ownerUserId || null}
              valueLabel={watch('ownerUser')}
              excludeIds={collaborators.map((collaborator) => collaborator.collaboratorUserId)}
              onChange={(id, displayText) => {
                setValue('ownerUserId', id, { shouldValidate: true });
                setValue('ownerUser', displayText);
              }}
              error={errors.ownerUserId?.message}
            />
          </Fieldset>
          <Fieldset legend={t('clientEdit.sections.advisor')}>
            <Controller
              control={control}
              name="advisorUserId"
              render={({ field }) => (
                <Select
                  label={t('clientEdit.fields.advisor')}
                  required
                  searchable
                  data={advisorOptions}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={
                    errors.advisorUserId?.message ??
                    (advisors.isError ? t('clientEdit.messages.optionsError') : undefined)
                  }
                />
              )}
            />
          </Fieldset>
        </SimpleGrid>

        <Fieldset legend={t('clientEdit.sections.collaborators')}>
          <Stack>
            {collaborators.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('clientEdit.collaborators.none')}
              </Text>
            )}
            {collaborators.map((collaborator, index) => (
              <Group key={collaborator.collaboratorUserId} align="flex-end" wrap="nowrap">
                <MultiSelect
                  style={{ flex: 1 }}
                  label={t('clientEdit.fields.collaboratorServices', { name: collaborator.collaboratorUser })}
                  data={serviceOptions.filter((service) => clientServices.includes(service.value))}
                  value={collaborator.services}
                  onChange={(value) => setValue(`collaborators.${index}.services`, value)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('clientEdit.collaborators.remove', { name: collaborator.collaboratorUser })}
                  onClick={() =>
                    setValue(
                      'collaborators',
                      collaborators.filter((_, position) => position !== index),
                    )
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <UserSearchSelect
              // A fresh picker after each addition.
              key={collaborators.length}
              label={t('clientEdit.fields.addCollaborator')}
              value={null}
              excludeIds={[ownerUserId, ...collaborators.map((collaborator) => collaborator.collaboratorUserId)]}
              onChange={(id, displayText) =>
                setValue('collaborators', [
                  ...getValues('collaborators'),
                  // Spec 02 section 4: a new collaborator gets all the client's services.
                  { collaboratorUserId: id, collaboratorUser: displayText, services: [...getValues('services')] },
                ])
              }
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('clientEdit.sections.picture')}>
          <Group gap="lg" align="center">
            <Avatar
              src={shownPicture}
              size={AVATAR_SIZE}
              radius="xl"
              alt={t('clientEdit.picture.alt', { name: client.name })}
            />
            <Stack gap="xs">
              <Group gap="sm">
                <FileButton
                  onChange={choosePicture}
                  accept={PROFILE_PICTURE.accept}
                  inputProps={{ 'aria-label': t('clientEdit.sections.picture') }}
                >
                  {(props) => (
                    <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                      {hasPicture ? t('clientEdit.picture.change') : t('clientEdit.picture.upload')}
                    </Button>
                  )}
                </FileButton>
                {hasPicture && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => {
                      setPictureError(null);
                      setPicture({ kind: 'remove' });
                    }}
                  >
                    {t('clientEdit.picture.remove')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('clientEdit.picture.hint')}
              </Text>
              {pictureError && (
                <Text size="sm" c="red" role="alert">
                  {pictureError}
                </Text>
              )}
            </Stack>
          </Group>
        </Fieldset>

        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
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
