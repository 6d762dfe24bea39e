import { Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** `textFrom`: below this breakpoint only the mark shows (a phone's header); the link keeps the name. */
export function Brand({ size = 'lg', textFrom }: { size?: 'lg' | 'xl'; textFrom?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <IconBuildingBank size={size === 'xl' ? 28 : 24} stroke={1.6} aria-hidden />
      <Text
        component="span"
        fw={700}
        size={size}
        c="light-dark(var(--mantine-color-indigo-8), var(--mantine-color-indigo-4))"
        visibleFrom={textFrom}
      >
        {t('app.firmName')}
      </Text>
    </Group>
  );
}
