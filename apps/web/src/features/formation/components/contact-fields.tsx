import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContactValues } from '../lib/formation-form';
import { PhoneField } from '@/components/ui/phone-input';

/** The person the firm talks to about the order. */
export function ContactFields() {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ContactValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('formation.fields.firstName')}
        withAsterisk
        autoComplete="given-name"
        {...register('contactFirstName')}
        error={errors.contactFirstName?.message}
      />
      <TextInput
        label={t('formation.fields.lastName')}
        withAsterisk
        autoComplete="family-name"
        {...register('contactLastName')}
        error={errors.contactLastName?.message}
      />
      <TextInput
        label={t('formation.fields.emailAddress')}
        withAsterisk
        type="email"
        autoComplete="email"
        {...register('contactEmailAddress')}
        error={errors.contactEmailAddress?.message}
      />
      <PhoneField
        control={control}
        name="contactPhoneNumber"
        label={t('formation.fields.phoneNumber')}
        withAsterisk
        error={errors.contactPhoneNumber?.message}
      />
      <TextInput
        label={t('formation.fields.fax')}
        type="tel"
        {...register('contactFax')}
        error={errors.contactFax?.message}
      />
    </SimpleGrid>
  );
}
