import { Fieldset } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of a step's fields (contact details, business address...). */
export function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      {children}
    </Fieldset>
  );
}
