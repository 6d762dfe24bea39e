import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DOT_SIZE = 10;

/**
 * Active or inactive at a glance, and never by colour alone (WCAG 1.4.1): a filled green dot for
 * active, a red ring for inactive, both at least 3:1 on white (green.8, red.8; WCAG 1.4.11). The
 * dot is an image named by the state, so screen readers read it in line, and a tooltip for the mouse.
 */
export function StatusDot({ active, children }: { active: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const label = active ? t('common.status.active') : t('common.status.inactive');
  const color = active ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-red-8)';
  return (
    <Group gap={8} wrap="nowrap">
      <Box
        component="span"
        role="img"
        aria-label={label}
        title={label}
        w={DOT_SIZE}
        h={DOT_SIZE}
        style={{
          borderRadius: '50%',
          flexShrink: 0,
          background: active ? color : 'transparent',
          border: `2px solid ${color}`,
        }}
      />
      {children}
    </Group>
  );
}
