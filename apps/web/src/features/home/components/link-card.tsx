import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A card that is one link: its accessible name is its title (and description). */
export function LinkCard({
  to,
  title,
  description,
  icon,
  accent,
  aside,
}: {
  to: string;
  title: string;
  description?: string;
  icon: ReactNode;
  accent?: string;
  /** Shown at the card's right edge (a count). */
  aside?: ReactNode;
}) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      padding="lg"
      radius="md"
      style={accent ? { borderLeft: `4px solid ${accent}` } : undefined}
    >
      <Group wrap="nowrap" gap="md">
        {icon}
        <Stack gap={2} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {aside}
      </Group>
    </Card>
  );
}
