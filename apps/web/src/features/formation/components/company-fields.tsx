import { BUSINESS_ENTITY_DESIGNATOR, type FormationState } from '@ledgerport/shared';
import { Anchor, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../api/get-options';
import { OTHER_INDUSTRY, type CompanyValues } from '../lib/formation-form';

const POPUP_NAME = 'name-availability';
const POPUP_FEATURES = 'width=600,height=600';

/** The state's own name search in a 600x600 popup, or the "cannot be checked" message (spec 03). */
function NameAvailability({ state }: { state: FormationState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  const url = state.checkBusinessNameAvailabilityUrl;
  if (!url) {
    return (
      <Text size="sm" c="dimmed">
        {t('formation.nameAvailability.unavailable')}
      </Text>
    );
  }
  return (
    <Anchor
      href={url}
      target={POPUP_NAME}
      rel="noopener noreferrer"
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        window.open(url, POPUP_NAME, POPUP_FEATURES);
      }}
    >
      {t('formation.nameAvailability.check')}{' '}
      <Text span size="xs" c="dimmed">
        {t('formation.nameAvailability.opensInPopup')}
      </Text>
    </Anchor>
  );
}

interface CompanyFieldsProps {
  /** The states the firm forms companies in. */
  states: FormationState[];
  /** Changing the state clears what depended on the old one (the registered agent's county). */
  onStateChange?: () => void;
}

/** Entity type, state, names and industry: step 1 of both wizards. */
export function CompanyFields({ states, onStateChange }: CompanyFieldsProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<CompanyValues>();
  const entityTypes = useOptions('business-entity-types');
  const industries = useOptions('industries');

  const stateId = watch('stateId');
  const industryId = watch('industryId');
  const entityType = Number(watch('businessEntityType'));
  const state = states.find((item) => String(item.id) === stateId) ?? null;
  const industryOptions = [
    ...(industries.data ?? []).map((option) => ({ value: option.value, label: option.displayText })),
    { value: OTHER_INDUSTRY, label: t('formation.fields.otherIndustry') },
  ];

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="businessEntityType"
        render={({ field }) => (
          <Radio.Group
            label={t('formation.fields.businessEntityType')}
            withAsterisk
            value={field.value}
            onChange={field.onChange}
            error={errors.businessEntityType?.message}
          >
            <Group mt="xs">
              {(entityTypes.data ?? []).map((option) => (
                <Radio key={option.value} value={option.value} label={option.displayText} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Controller
        control={control}
        name="stateId"
        render={({ field }) => (
          <Select
            label={t('formation.fields.state')}
            withAsterisk
            searchable
            data={states.map((item) => ({ value: String(item.id), label: item.name }))}
            value={field.value}
            onChange={(value) => {
              if (value === field.value) return;
              field.onChange(value);
              onStateChange?.();
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.stateId?.message}
          />
        )}
      />
      <Stack gap={4}>
        <TextInput
          label={t('formation.fields.legalName')}
          withAsterisk
          {...register('legalName')}
          error={errors.legalName?.message}
          rightSection={
            <Text size="sm" c="dimmed">
              {BUSINESS_ENTITY_DESIGNATOR[entityType]}
            </Text>
          }
          rightSectionWidth={56}
          rightSectionPointerEvents="none"
        />
        <NameAvailability state={state} />
      </Stack>
      <TextInput
        label={t('formation.fields.doingBusinessAs')}
        {...register('doingBusinessAs')}
        error={errors.doingBusinessAs?.message}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name="industryId"
          render={({ field }) => (
            <Select
              label={t('formation.fields.industry')}
              withAsterisk
              searchable
              data={industryOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.industryId?.message}
            />
          )}
        />
        {industryId === OTHER_INDUSTRY && (
          <TextInput
            label={t('formation.fields.otherIndustryName')}
            withAsterisk
            {...register('otherIndustryName')}
            error={errors.otherIndustryName?.message}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
