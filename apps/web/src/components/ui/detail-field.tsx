import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One label and value of a details drawer's definition list (`<SimpleGrid component="dl">`); long
 * values (addresses, errors, user agents) break anywhere rather than widen the drawer.
 */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </>
  );
}
