import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepHeading } from './step-form';

/** Step 5: the order is paid. */
export function SuccessStep() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <StepHeading focus>{t('formation.success.title')}</StepHeading>
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('formation.success.message')}
      </Alert>
    </Stack>
  );
}
