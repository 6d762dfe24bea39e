import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListStateProps {
  isError: boolean;
  onRetry?: () => void;
  /** No answer yet (a later page keeps the previous rows on screen instead). */
  loadingFirst: boolean;
  /** The answer holds no row. */
  empty: boolean;
  /** A search or filter is applied: "no results" rather than "no data". */
  isFiltered?: boolean;
  /** Under the empty-state text when nothing is filtered: what the list will hold, and how. */
  emptyHint?: ReactNode;
  emptyAction?: ReactNode;
}

/**
 * What a list shows instead of its rows (DESIGN.md section 7): the error with "Try again", the
 * loader before the first answer, and the empty or no-results state. Null when there are rows.
 */
export function ListState({
  isError,
  onRetry,
  loadingFirst,
  empty,
  isFiltered,
  emptyHint,
  emptyAction,
}: ListStateProps) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('common.messages.fetchError')}</Text>
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('errors.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  if (loadingFirst) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (!empty) return null;
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="dimmed">{isFiltered ? t('common.table.noResults') : t('common.table.empty')}</Text>
      {!isFiltered && emptyHint && (
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {emptyHint}
        </Text>
      )}
      {!isFiltered && emptyAction}
    </Stack>
  );
}
