import { Center, RingProgress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountUp } from '../hooks/use-count-up';
import { useProgressCircle } from '../hooks/use-progress-circle';
import { formatDollars } from '../lib/format-dollars';
import { PlanCards } from './plan-cards';

/** Step 7: the total counts up, the circle fills, then the plans appear (spec 03 sections 4 and 9). */
export function ResultStep({ total }: { total: number }) {
  const { t } = useTranslation();
  const shown = useCountUp(total);
  const progress = useProgressCircle();
  return (
    <Stack gap="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3" id="tax-savings-heading">
          {t('taxPlanning.result.heading')}
        </Title>
        <RingProgress
          size={220}
          thickness={14}
          roundCaps
          sections={[{ value: progress.value, color: 'teal' }]}
          role="progressbar"
          aria-label={t('taxPlanning.result.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.value}
          label={
            <Center>
              <Text fz={30} fw={700}>
                {formatDollars(shown)}
              </Text>
            </Center>
          }
        />
        {/* Announced once, with the final figure, rather than at every frame of the count-up. */}
        <VisuallyHidden role="status">
          {shown === total ? t('taxPlanning.result.announcement', { amount: formatDollars(total) }) : ''}
        </VisuallyHidden>
      </Stack>
      {progress.complete && <PlanCards />}
    </Stack>
  );
}
