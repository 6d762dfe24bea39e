import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Green for active, red for inactive; the state is also given in words for screen readers. */
export function StatusDot({ active, children }: { active: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const label = active ? t('common.status.active') : t('common.status.inactive');
  return (
    <Group gap={8} wrap="nowrap">
      <Box
        component="span"
        role="img"
        aria-label={label}
        title={label}
        w={10}
        h={10}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        bg={active ? 'green.6' : 'red.6'}
      />
      {children}
    </Group>
  );
}
