import { SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SSN_MASK } from '@/lib/digits-mask';
import type { SocialSecurityValues } from '../lib/formation-form';
import { MaskedInput } from './masked-input';

/** Required for a resident company; optional (but checked when given) for a non-resident one. */
export function SocialSecurityFields({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<SocialSecurityValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <MaskedInput
        control={control}
        name="socialSecurityNumber"
        label={t(required ? 'formation.fields.socialSecurityNumber' : 'formation.fields.optionalSocialSecurityNumber')}
        mask={SSN_MASK}
        required={required}
        error={errors.socialSecurityNumber?.message}
      />
      <TextInput
        label={t(
          required ? 'formation.fields.socialSecurityFirstName' : 'formation.fields.optionalSocialSecurityFirstName',
        )}
        withAsterisk={required}
        {...register('socialSecurityFirstName')}
        error={errors.socialSecurityFirstName?.message}
      />
      <TextInput
        label={t(
          required ? 'formation.fields.socialSecurityLastName' : 'formation.fields.optionalSocialSecurityLastName',
        )}
        withAsterisk={required}
        {...register('socialSecurityLastName')}
        error={errors.socialSecurityLastName?.message}
      />
    </SimpleGrid>
  );
}
