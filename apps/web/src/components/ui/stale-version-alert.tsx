import type { StaleVersionDetails } from '@ledgerport/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { savedByText, type SaveConflicts } from '@/lib/conflicts';
import { notify } from '@/lib/notify';

/**
 * Someone saved the object after this form loaded it (a 412 from a save with If-Match). What the
 * person typed stays in the form; they choose to take the other person's changes in (then save
 * both) or to save theirs over them on purpose.
 */
/** Other words for a conflict where "someone else" is the same person in another window. */
export interface ConflictTexts {
  title: string;
  kept: string;
  takeTheirs: string;
  overwrite: string;
}

export function StaleVersionAlert({
  details,
  changedFields,
  onTakeTheirs,
  onOverwrite,
  busy,
  texts,
}: {
  texts?: ConflictTexts;
  details: StaleVersionDetails;
  /** Labels of the fields the other person changed, once known. */
  changedFields?: string[];
  onTakeTheirs: () => void;
  onOverwrite: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={texts?.title ?? t('common.conflict.title')}
    >
      <Stack gap="xs">
        <Text size="sm">{`${savedByText(t, details)} ${texts?.kept ?? t('common.conflict.kept')}`}</Text>
        {changedFields && changedFields.length > 0 && (
          <Text size="sm">{t('common.conflict.changed', { fields: changedFields.join(', ') })}</Text>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={onTakeTheirs} disabled={busy}>
            {texts?.takeTheirs ?? t('common.conflict.takeTheirs')}
          </Button>
          <Button size="xs" variant="default" color="red" onClick={onOverwrite} loading={busy}>
            {texts?.overwrite ?? t('common.conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * An edit form's conflict, once a save met a 412 (`useSaveConflict`): names who saved and the fields
 * they changed (by the form's own labels); "take theirs" puts those fields into the form and keeps
 * the rest as typed, `onOverwrite` saves this person's values over theirs on purpose.
 */
export function FormConflictAlert<V extends FieldValues>({
  conflicts,
  form,
  labels,
  busy,
  onOverwrite,
  onMerged,
  texts,
}: {
  texts?: ConflictTexts;
  conflicts: SaveConflicts<V>;
  form: { getValues: UseFormGetValues<V>; setValue: UseFormSetValue<V> };
  labels: Partial<Record<keyof V, string>>;
  busy?: boolean;
  onOverwrite: () => void;
  /** After their changes are in the form: for what the form shows beside its values (a picker's label). */
  onMerged?: (merged: V) => void;
}) {
  const { t } = useTranslation();
  const conflict = conflicts.conflict;
  if (!conflict) return null;
  return (
    <StaleVersionAlert
      texts={texts}
      details={conflict.details}
      changedFields={[...new Set(conflict.changed.map((field) => labels[field] ?? String(field)))]}
      busy={busy}
      onTakeTheirs={() => {
        const changed = conflict.changed;
        const merged = conflicts.takeTheirs(form.getValues());
        for (const field of changed) {
          form.setValue(field as Path<V>, merged[field] as PathValue<V, Path<V>>, { shouldDirty: true });
        }
        onMerged?.(merged);
        notify.info(t('common.conflict.merged'), { key: 'conflict-merged' });
      }}
      onOverwrite={onOverwrite}
    />
  );
}
