import { MAX_ORGANIZERS, PASSPORT_LIMITS } from '@ledgerport/shared';
import {
  ActionIcon,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../api/get-options';
import { emptyOrganizer, isCorporation, type CompanyValues, type OrganizerValues } from '../lib/formation-form';

type OrganizersForm = CompanyValues & { organizers: OrganizerValues[] };

const SHARE_DIGITS = 3;

/**
 * The company's owners: Organizers of an LLC, Officers of a Corporation (with titles and the director
 * switch). The list always keeps one row: removing the last leaves a blank one (spec 03 section 4).
 */
export function OrganizersFields({ withPassport }: { withPassport: boolean }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    watch,
    formState: { errors },
  } = useFormContext<OrganizersForm>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'organizers' });
  const titles = useOptions('organizer-titles');
  const corporation = isCorporation({ businessEntityType: watch('businessEntityType') });
  const titleOptions = (titles.data ?? []).map((option) => ({ value: option.value, label: option.displayText }));

  const removeRow = (index: number) => {
    if (fields.length === 1) replace([emptyOrganizer()]);
    else remove(index);
  };

  return (
    <Stack gap="md">
      {fields.map((row, index) => {
        const number = index + 1;
        const rowErrors = errors.organizers?.[index];
        const heading = t(corporation ? 'formation.organizer.officer' : 'formation.organizer.organizer', { number });
        return (
          <Paper key={row.id} withBorder p="md" radius="md" role="group" aria-label={heading}>
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{heading}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => removeRow(index)}
                aria-label={t(
                  corporation ? 'formation.organizer.removeOfficer' : 'formation.organizer.removeOrganizer',
                  {
                    number,
                  },
                )}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <Stack gap="sm">
              {corporation && (
                <Group align="flex-end" gap="lg">
                  <Controller
                    control={control}
                    name={`organizers.${index}.titles`}
                    render={({ field }) => (
                      <MultiSelect
                        label={t('formation.fields.titles')}
                        withAsterisk
                        data={titleOptions}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        error={rowErrors?.titles?.message}
                        style={{ flex: 1 }}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`organizers.${index}.isDirector`}
                    render={({ field }) => (
                      <Switch
                        label={t('formation.fields.isDirector')}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        mb={8}
                      />
                    )}
                  />
                </Group>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('formation.fields.firstName')}
                  withAsterisk
                  {...register(`organizers.${index}.firstName`)}
                  error={rowErrors?.firstName?.message}
                />
                <TextInput
                  label={t('formation.fields.middleName')}
                  {...register(`organizers.${index}.middleName`)}
                  error={rowErrors?.middleName?.message}
                />
                <TextInput
                  label={t('formation.fields.lastName')}
                  withAsterisk
                  {...register(`organizers.${index}.lastName`)}
                  error={rowErrors?.lastName?.message}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={control}
                  name={`organizers.${index}.shareOwnership`}
                  render={({ field }) => (
                    <TextInput
                      label={t('formation.fields.shareOwnership')}
                      withAsterisk
                      inputMode="numeric"
                      value={field.value}
                      onChange={(event) =>
                        field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, SHARE_DIGITS))
                      }
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={rowErrors?.shareOwnership?.message}
                    />
                  )}
                />
                {withPassport && (
                  <Controller
                    control={control}
                    name={`organizers.${index}.mainPageOfPassport`}
                    render={({ field }) => (
                      <FileInput
                        label={t('formation.fields.passport')}
                        withAsterisk
                        description={t('formation.hints.passport')}
                        placeholder={t('formation.fields.passportPlaceholder')}
                        accept={PASSPORT_LIMITS.accept}
                        clearable
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        error={rowErrors?.mainPageOfPassport?.message}
                      />
                    )}
                  />
                )}
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {fields.length < MAX_ORGANIZERS && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => append(emptyOrganizer())}
          >
            {t(corporation ? 'formation.organizer.addOfficer' : 'formation.organizer.addOrganizer')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
