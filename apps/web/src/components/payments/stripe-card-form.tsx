import { Alert, Button, Stack } from '@mantine/core';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface StripeCardFormProps {
  clientSecret: string;
  publishableKey: string;
  onSucceeded: () => void;
  onError?: (message: string) => void;
  submitLabel: string;
}

/** One Stripe.js per publishable key for the life of the page, as Stripe asks. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function PaymentForm({
  onSucceeded,
  onError,
  submitLabel,
}: Omit<StripeCardFormProps, 'clientSecret' | 'publishableKey'>) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const fail = (text: string) => {
    setMessage(text);
    onError?.(text);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setMessage(null);
    setSubmitting(true);
    try {
      // Cards confirm in place; the intent allows no redirecting methods, so return_url is a formality.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (error) fail(error.message ?? t('payments.unexpectedError'));
      else if (paymentIntent.status === 'succeeded') onSucceeded();
      else fail(t('payments.processing'));
    } catch {
      fail(t('payments.unexpectedError'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={t('payments.card.legend')}>
      <Stack gap="sm">
        <PaymentElement options={{ layout: 'tabs' }} />
        {message ? (
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        ) : null}
        <Button type="submit" loading={submitting} disabled={!stripe || !elements}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Stripe Elements around the Payment Element; Stripe shows its own messages, which we pass on as they are. */
export default function StripeCardForm({ clientSecret, publishableKey, ...rest }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <PaymentForm {...rest} />
    </Elements>
  );
}
