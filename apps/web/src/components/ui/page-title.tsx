import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every screen has exactly one h1: its menu label (DESIGN.md section 7). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
