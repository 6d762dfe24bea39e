import { Box, Grid, Stack, Stepper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/lib/use-is-phone';

export interface WizardStep {
  label: string;
  description: string;
}

interface WizardFrameProps {
  title: string;
  steps: WizardStep[];
  active: number;
  /** The order summary, beside the step on wide screens and under it on narrow ones. */
  sidebar: ReactNode;
  children: ReactNode;
}

/** The 5-step frame both formation wizards share: stepper, the current step and the order summary. */
export function WizardFrame({ title, steps, active, sidebar, children }: WizardFrameProps) {
  const { t } = useTranslation();
  // Side by side the steps wrap into ragged rows on a phone: one under the other there.
  const phone = useIsPhone();
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Box role="group" aria-label={t('formation.steps.label')}>
        <Stepper active={active} size="sm" allowNextStepsSelect={false} orientation={phone ? 'vertical' : 'horizontal'}>
          {steps.map((step, index) => (
            <Stepper.Step
              key={step.label}
              label={step.label}
              description={step.description}
              allowStepSelect={false}
              aria-current={index === active ? 'step' : undefined}
            />
          ))}
        </Stepper>
      </Box>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>{sidebar}</Grid.Col>
      </Grid>
    </Stack>
  );
}
