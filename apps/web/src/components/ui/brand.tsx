import { Group, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Brand({ size = 'lg' }: { size?: 'lg' | 'xl' }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <IconBuildingBank size={size === 'xl' ? 28 : 24} stroke={1.6} aria-hidden />
      <Text component="span" fw={700} size={size} c="indigo.8">
        {t('app.firmName')}
      </Text>
    </Group>
  );
}
