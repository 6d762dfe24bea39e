import { BUSINESS_ADDRESS_TYPE } from '@ledgerport/shared';
import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZIP_MASK } from '@/lib/digits-mask';
import { hasNewAddress, type AddressChoiceValues } from '../lib/formation-form';
import { MaskedInput } from './masked-input';
import { PhoneField } from '@/components/ui/phone-input';

/** Predefined (the firm's) or a new business address; only a new one shows its fields (spec 03 section 4). */
export function BusinessAddressFields({ resident }: { resident: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<AddressChoiceValues>();
  const isNew = hasNewAddress({ businessAddressType: watch('businessAddressType') });
  const addressErrors = errors.businessAddress;

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="businessAddressType"
        render={({ field }) => (
          <Radio.Group
            label={t('formation.fields.businessAddressType')}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={errors.businessAddressType?.message}
          >
            <Group mt="xs">
              <Radio value={String(BUSINESS_ADDRESS_TYPE.predefined)} label={t('formation.fields.predefinedAddress')} />
              <Radio value={String(BUSINESS_ADDRESS_TYPE.new)} label={t('formation.fields.newAddress')} />
            </Group>
          </Radio.Group>
        )}
      />
      {isNew ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('formation.fields.addressLine1')}
            withAsterisk
            autoComplete="address-line1"
            {...register('businessAddress.addressLine1')}
            error={addressErrors?.addressLine1?.message}
          />
          <TextInput
            label={t('formation.fields.addressLine2')}
            autoComplete="address-line2"
            {...register('businessAddress.addressLine2')}
            error={addressErrors?.addressLine2?.message}
          />
          <TextInput
            label={t('formation.fields.city')}
            withAsterisk
            autoComplete="address-level2"
            {...register('businessAddress.city')}
            error={addressErrors?.city?.message}
          />
          <MaskedInput
            control={control}
            name="businessAddress.zipCode"
            label={t('formation.fields.zipCode')}
            mask={ZIP_MASK}
            required
            error={addressErrors?.zipCode?.message}
          />
          <TextInput
            label={t('formation.fields.optionalEmailAddress')}
            type="email"
            {...register('businessAddress.emailAddress')}
            error={addressErrors?.emailAddress?.message}
          />
          <PhoneField
            control={control}
            name="businessAddress.phoneNumber"
            label={t('formation.fields.optionalPhoneNumber')}
            error={addressErrors?.phoneNumber?.message}
          />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t(resident ? 'formation.hints.predefinedResident' : 'formation.hints.predefinedNonResident')}
        </Text>
      )}
    </Stack>
  );
}
