import { CLIENT_TYPE, createMyClientInputSchema, type ClientType, type MyClientDto } from '@ledgerport/shared';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCreateMyClient } from '../api/create-my-client';
import { formResolver } from '@/lib/form-resolver';
import { AccountTypeIcon } from './account-type-icon';

type FormValues = z.input<typeof createMyClientInputSchema>;

/**
 * Create an account (client) owned by the signed-in client user: a business with its name, or a
 * personal account named after the person (spec 02, Accounts: the owner tab's create-account menu).
 */
export function CreateAccountForm({
  onCreated,
  clientType: initialClientType = CLIENT_TYPE.business,
}: {
  onCreated?: (client: MyClientDto) => void;
  /** The type chosen in the Accounts screen's create menu; the form still lets it change. */
  clientType?: ClientType;
}) {
  const { t } = useTranslation();
  const create = useCreateMyClient({ onSuccess: onCreated });
  const resolver = useMemo(() => formResolver(createMyClientInputSchema, t), [t]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof createMyClientInputSchema>>({
    resolver,
    defaultValues: { clientType: initialClientType, name: '', firstName: '', lastName: '' },
  });
  const clientType = useWatch({ control, name: 'clientType' });

  const onSubmit = handleSubmit((input) => {
    // Only the fields of the chosen type travel; the others may hold what was typed before switching.
    create.mutate(
      input.clientType === CLIENT_TYPE.business
        ? { clientType: input.clientType, name: input.name }
        : { clientType: input.clientType, firstName: input.firstName, lastName: input.lastName },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="clientType"
          render={({ field }) => (
            <Radio.Group
              label={t('invitations.createAccount.type')}
              value={String(field.value)}
              onChange={(value) => field.onChange(Number(value))}
            >
              <Group mt="xs">
                {[CLIENT_TYPE.business, CLIENT_TYPE.personal].map((type) => (
                  <Radio
                    key={type}
                    value={String(type)}
                    label={
                      <Group component="span" gap={6} wrap="nowrap">
                        <AccountTypeIcon clientType={type} size={16} />
                        {t(
                          type === CLIENT_TYPE.business
                            ? 'invitations.createAccount.business'
                            : 'invitations.createAccount.personal',
                        )}
                      </Group>
                    }
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        {clientType === CLIENT_TYPE.business ? (
          <TextInput
            key="name"
            label={t('invitations.createAccount.name')}
            withAsterisk
            error={errors.name?.message}
            {...register('name')}
          />
        ) : (
          <>
            <TextInput
              key="firstName"
              label={t('invitations.createAccount.firstName')}
              withAsterisk
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              key="lastName"
              label={t('invitations.createAccount.lastName')}
              withAsterisk
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('invitations.createAccount.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
