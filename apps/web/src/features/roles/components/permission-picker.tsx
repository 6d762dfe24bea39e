import type { PermissionDto } from '@ledgerport/shared';
import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/lib/i18n';

interface Area {
  area: string;
  permissions: PermissionDto[];
}

/** The catalogue grouped by area, areas in the order the catalogue first names them. */
function groupByArea(catalogue: PermissionDto[]): Area[] {
  const areas = new Map<string, PermissionDto[]>();
  for (const permission of catalogue) {
    const list = areas.get(permission.area) ?? [];
    list.push(permission);
    areas.set(permission.area, list);
  }
  return [...areas].map(([area, permissions]) => ({ area, permissions }));
}

export interface PermissionPickerProps {
  catalogue: PermissionDto[];
  /** Catalogue ids of the ticked permissions. */
  value: string[];
  onChange: (value: string[]) => void;
  readOnly?: boolean;
  error?: string;
}

/** Checkbox groups per area, each with a "select all" (spec 01 section 5: at least one permission). */
export function PermissionPicker({ catalogue, value, onChange, readOnly = false, error }: PermissionPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const areas = useMemo(() => groupByArea(catalogue), [catalogue]);
  const selected = new Set(value);
  // Kept in catalogue order, so the form's value does not depend on the order of the clicks.
  const set = (next: Set<string>) => onChange(catalogue.map((p) => p.id).filter((id) => next.has(id)));

  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    set(next);
  };

  const toggleArea = ({ permissions }: Area, checked: boolean) => {
    const next = new Set(selected);
    for (const permission of permissions) {
      if (checked) next.add(permission.id);
      else next.delete(permission.id);
    }
    set(next);
  };

  return (
    <Fieldset
      legend={
        <>
          {t('roles.form.permissions')}
          {!readOnly && (
            <Text span c="red" aria-hidden>
              {' *'}
            </Text>
          )}
        </>
      }
      variant="unstyled"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {areas.map((area) => {
          const label = t(`roles.areas.${area.area}` as TranslationKey, { defaultValue: area.area });
          const count = area.permissions.filter((permission) => selected.has(permission.id)).length;
          const all = count === area.permissions.length;
          return (
            <Fieldset key={area.area} legend={label} p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Checkbox
                    label={t('roles.form.selectAll')}
                    aria-label={t('roles.form.selectAllOf', { area: label })}
                    checked={all}
                    indeterminate={count > 0 && !all}
                    disabled={readOnly}
                    onChange={(event) => toggleArea(area, event.currentTarget.checked)}
                    fw={500}
                  />
                  <Text size="xs" c="dimmed">
                    {t('roles.form.selectedCount', { count, total: area.permissions.length })}
                  </Text>
                </Group>
                {area.permissions.map((permission) => (
                  <Checkbox
                    key={permission.id}
                    label={permission.displayName}
                    checked={selected.has(permission.id)}
                    disabled={readOnly}
                    onChange={(event) => toggle(permission.id, event.currentTarget.checked)}
                    ml="md"
                  />
                ))}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text id={errorId} c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}
