import { Button, Group } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** A screen's h1 with its actions (search toggle, export, create) on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <PageTitle>{title}</PageTitle>
      <Group gap="sm">{children}</Group>
    </Group>
  );
}

export function SearchToggle({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant={opened ? 'light' : 'default'}
      leftSection={<IconSearch size={16} />}
      aria-expanded={opened}
      onClick={onToggle}
    >
      {t('common.search.toggle')}
    </Button>
  );
}
