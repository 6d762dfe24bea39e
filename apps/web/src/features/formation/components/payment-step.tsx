import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardPayment } from '@/components/payments/card-payment';
import { formatAmount as formatCents } from '@/components/payments/card-payment';
import { StepHeading } from './step-form';

export interface PendingPayment {
  clientSecret: string;
  amountCents: number;
}

/** Step 4: the card payment of the submitted order; only the provider's "succeeded" moves on. */
export function PaymentStep({ payment, onPaid }: { payment: PendingPayment; onPaid: () => void }) {
  const { t } = useTranslation();
  const amount = formatCents(payment.amountCents);
  return (
    <Stack gap="lg">
      <StepHeading focus>{t('formation.sections.payment')}</StepHeading>
      <Text>{t('formation.payment.intro', { amount })}</Text>
      <CardPayment
        clientSecret={payment.clientSecret}
        amountCents={payment.amountCents}
        onSucceeded={onPaid}
        submitLabel={t('formation.actions.pay', { amount })}
      />
    </Stack>
  );
}
