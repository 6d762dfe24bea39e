import { REGISTERED_AGENT_TYPE } from '@ledgerport/shared';
import { Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZIP_MASK } from '@/lib/digits-mask';
import { useCounties } from '../api/get-counties';
import { useOptions } from '../api/get-options';
import type { ResidentValues } from '../lib/formation-form';
import { useFetchErrorNotice } from '../lib/use-fetch-error-notice';
import { MaskedInput } from './masked-input';
import { PhoneField } from '@/components/ui/phone-input';

/** The resident company's registered agent: a person or a company, in a county of the chosen state. */
export function RegisteredAgentFields() {
  const { t } = useTranslation();
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<ResidentValues>();
  const agentTypes = useOptions('registered-agent-types');
  const stateId = watch('stateId');
  const counties = useCounties(stateId ? Number(stateId) : null);
  useFetchErrorNotice(counties.isError);
  const isCompany = Number(watch('registeredAgent.registeredAgentType')) === REGISTERED_AGENT_TYPE.company;
  const agentErrors = errors.registeredAgent;

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="registeredAgent.registeredAgentType"
        render={({ field }) => (
          <Radio.Group
            label={t('formation.fields.registeredAgentType')}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={agentErrors?.registeredAgentType?.message}
          >
            <Group mt="xs">
              {(agentTypes.data ?? []).map((option) => (
                <Radio key={option.value} value={option.value} label={option.displayText} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {isCompany ? (
        <TextInput
          label={t('formation.fields.companyName')}
          withAsterisk
          {...register('registeredAgent.companyName')}
          error={agentErrors?.companyName?.message}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('formation.fields.firstName')}
            withAsterisk
            {...register('registeredAgent.firstName')}
            error={agentErrors?.firstName?.message}
          />
          <TextInput
            label={t('formation.fields.middleName')}
            {...register('registeredAgent.middleName')}
            error={agentErrors?.middleName?.message}
          />
          <TextInput
            label={t('formation.fields.lastName')}
            withAsterisk
            {...register('registeredAgent.lastName')}
            error={agentErrors?.lastName?.message}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('formation.fields.addressLine1')}
          withAsterisk
          {...register('registeredAgent.addressLine1')}
          error={agentErrors?.addressLine1?.message}
        />
        <TextInput
          label={t('formation.fields.addressLine2')}
          {...register('registeredAgent.addressLine2')}
          error={agentErrors?.addressLine2?.message}
        />
        <TextInput
          label={t('formation.fields.city')}
          withAsterisk
          {...register('registeredAgent.city')}
          error={agentErrors?.city?.message}
        />
        <Controller
          control={control}
          name="registeredAgent.countyId"
          render={({ field }) => (
            <Select
              label={t('formation.fields.county')}
              withAsterisk
              searchable
              disabled={!stateId}
              placeholder={stateId ? undefined : t('formation.hints.chooseStateFirst')}
              data={(counties.data ?? []).map((county) => ({ value: String(county.id), label: county.name }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={agentErrors?.countyId?.message}
            />
          )}
        />
        <MaskedInput
          control={control}
          name="registeredAgent.zipCode"
          label={t('formation.fields.zipCode')}
          mask={ZIP_MASK}
          required
          error={agentErrors?.zipCode?.message}
        />
        <TextInput
          label={t('formation.fields.optionalEmailAddress')}
          type="email"
          {...register('registeredAgent.emailAddress')}
          error={agentErrors?.emailAddress?.message}
        />
        <PhoneField
          control={control}
          name="registeredAgent.phoneNumber"
          label={t('formation.fields.phoneNumber')}
          withAsterisk
          error={agentErrors?.phoneNumber?.message}
        />
      </SimpleGrid>
    </Stack>
  );
}
