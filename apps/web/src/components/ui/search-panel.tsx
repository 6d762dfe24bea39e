import { Button, Collapse, Group, Paper } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The collapsible search panel of every list: its fields, then Clear and Search. The toggle button
 * lives in the page header (see `SearchToggle`) and controls `opened`.
 */
export function SearchPanel({
  opened,
  onSubmit,
  onClear,
  children,
}: {
  opened: boolean;
  onSubmit: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Collapse expanded={opened}>
      <Paper
        withBorder
        p="md"
        mb="md"
        component="form"
        onSubmit={submit}
        role="search"
        aria-label={t('common.search.panel')}
      >
        {children}
        <Group justify="flex-end" mt="md">
          <Button variant="default" type="button" onClick={onClear}>
            {t('common.search.clear')}
          </Button>
          <Button type="submit">{t('common.search.submit')}</Button>
        </Group>
      </Paper>
    </Collapse>
  );
}
