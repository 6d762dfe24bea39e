import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDigits } from '@/lib/digits-mask';
import { confirmTestPayment } from './payments-api';
import {
  cardBrand,
  cardNumberMask,
  cvcLength,
  digitsOf,
  testCardOutcome,
  validateCard,
  type CardField,
  type CardErrorKey,
  type CardInput,
} from './test-cards';

export interface TestCardFormProps {
  clientSecret: string;
  onSucceeded: () => void;
  onError?: (message: string) => void;
  submitLabel: string;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', postalCode: '' };

/**
 * The built-in test processor's card form (DESIGN.md section 8). The card is checked here and only
 * the outcome, the last four digits and the brand are sent: the number never leaves the browser.
 */
export function TestCardForm({ clientSecret, onSucceeded, onError, submitLabel }: TestCardFormProps) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, CardErrorKey>>>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const brand = cardBrand(digitsOf(card.number));

  const change = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    // A corrected field stops showing its old complaint; the rest wait for the next submit.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const errorText = (field: CardField) => {
    const key = errors[field];
    return key ? t(`payments.card.errors.${key}`) : undefined;
  };

  const fail = (message: string) => {
    setProviderError(message);
    onError?.(message);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCard(card);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const digits = digitsOf(card.number);
    setProviderError(null);
    setSubmitting(true);
    try {
      const result = await confirmTestPayment({
        clientSecret,
        outcome: testCardOutcome(digits),
        last4: digits.slice(-4),
        brand,
      });
      if (result.status === 'succeeded') {
        onSucceeded();
        return;
      }
      fail(result.error?.message ?? t('payments.unexpectedError'));
    } catch {
      fail(t('payments.unexpectedError'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('payments.card.legend')}>
      <Stack gap="sm">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
            {t('payments.testMode.badge')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('payments.testMode.hint')}
          </Text>
        </Group>
        <TextInput
          label={t('payments.card.number')}
          value={card.number}
          onChange={(e) => change('number', formatDigits(e.currentTarget.value, cardNumberMask(brand)))}
          error={errorText('number')}
          placeholder="1234 1234 1234 1234"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('payments.card.expiry')}
            value={card.expiry}
            onChange={(e) => change('expiry', formatDigits(e.currentTarget.value, '##/##'))}
            error={errorText('expiry')}
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            required
          />
          <TextInput
            label={t('payments.card.cvc')}
            value={card.cvc}
            onChange={(e) => change('cvc', formatDigits(e.currentTarget.value, '#'.repeat(cvcLength(brand))))}
            error={errorText('cvc')}
            placeholder={brand === 'amex' ? '1234' : '123'}
            inputMode="numeric"
            autoComplete="cc-csc"
            required
          />
          <TextInput
            label={t('payments.card.postalCode')}
            value={card.postalCode}
            onChange={(e) => change('postalCode', formatDigits(e.currentTarget.value, '#####'))}
            error={errorText('postalCode')}
            placeholder="12345"
            inputMode="numeric"
            autoComplete="postal-code"
            required
          />
        </Group>
        {providerError ? (
          <Alert color="red" variant="light" role="alert">
            {providerError}
          </Alert>
        ) : null}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
