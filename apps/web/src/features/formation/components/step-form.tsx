import { Button, Group, Stack, Title } from '@mantine/core';
import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StepFormProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Steps 2 and 3 go back one step, keeping what was entered (spec 03 section 4). */
  onCancel?: () => void;
  submitLabel: string;
  submitting?: boolean;
  /** True once the user has moved between steps: the first step of a fresh page keeps the focus where it is. */
  focusHeading: boolean;
  children: ReactNode;
}

/**
 * One data step of a wizard. Its heading takes the focus when the step appears after another one,
 * so keyboard and screen-reader users continue at the top of the new step.
 */
export function StepForm({
  title,
  onSubmit,
  onCancel,
  submitLabel,
  submitting = false,
  focusHeading,
  children,
}: StepFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <StepHeading focus={focusHeading}>{title}</StepHeading>
        {children}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('formation.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The step's `<h2>`, focused when it replaces another step. */
export function StepHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only on arrival: re-rendering the step must not pull the focus back to its heading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Title order={2} size="h3" ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
