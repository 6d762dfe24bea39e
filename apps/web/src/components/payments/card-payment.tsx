import { Alert, Group, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentsConfig } from './payments-api';
import { TestCardForm } from './test-card-form';

// Stripe's libraries load only where Stripe takes the payments.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface CardPaymentProps {
  /** From the feature's create-intent answer (e.g. the formation submit's stripePaymentClientSecret). */
  clientSecret: string;
  amountCents: number;
  /** The provider confirmed the payment; the paid status itself arrives with the provider's event. */
  onSucceeded: () => void;
  /** A decline or failure, with the provider's message that the form shows too. */
  onError?: (message: string) => void;
  /** Defaults to "Pay $256.00". */
  submitLabel?: string;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatAmount(amountCents: number): string {
  return usd.format(amountCents / 100);
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t('payments.loading')}</Text>
    </Group>
  );
}

/**
 * The card step of every feature that takes a payment (formation, contractors): Stripe Elements
 * when the server has Stripe, otherwise the test processor's card form, marked as test mode.
 * A decline shows the provider's message and keeps the form (spec 03 section 8).
 */
export function CardPayment(props: CardPaymentProps) {
  const { t } = useTranslation();
  const config = usePaymentsConfig();
  const submitLabel = props.submitLabel ?? t('payments.pay', { amount: formatAmount(props.amountCents) });

  if (config.isPending) return <Loading />;
  if (config.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('payments.configError')}
      </Alert>
    );
  }
  if (config.data.provider === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<Loading />}>
        <StripeCardForm {...props} publishableKey={config.data.publishableKey} submitLabel={submitLabel} />
      </Suspense>
    );
  }
  return <TestCardForm {...props} submitLabel={submitLabel} />;
}
