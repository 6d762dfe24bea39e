import type { VerifiedCoupon } from '@ledgerport/shared';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { verifyCoupon } from '../api/verify-coupon';

const NOTICE_KEY = 'formation-coupon';

interface CouponEntryProps {
  coupon: VerifiedCoupon | null;
  onChange: (coupon: VerifiedCoupon | null) => void;
  /** Once the order is submitted its price is fixed: the coupon can no longer change. */
  locked?: boolean;
}

/**
 * Coupon entry of the order summary (spec 03 sections 4, 5 and 8): a code is applied when verify
 * returns a coupon, and cannot be edited until it is removed.
 */
export function CouponEntry({ coupon, onChange, locked = false }: CouponEntryProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  const apply = async (event: FormEvent) => {
    // The entry sits beside the wizard's form in the page, never inside it: its own submit.
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('common.validation.required'));
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const answer = await verifyCoupon(trimmed);
      if (!answer.coupon) {
        notify.error(answer.resultMessage, { key: NOTICE_KEY });
        return;
      }
      onChange(answer.coupon);
      setCode('');
      notify.success(t('formation.messages.couponApplied'), { key: NOTICE_KEY });
    } catch {
      notify.error(t('formation.messages.couponNotApplied'), { key: NOTICE_KEY });
    } finally {
      setVerifying(false);
    }
  };

  if (coupon) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{t('formation.summary.appliedCoupon', { code: coupon.code })}</Text>
        {!locked && (
          <Button variant="subtle" size="compact-sm" color="red" onClick={() => onChange(null)}>
            {t('formation.summary.remove')}
          </Button>
        )}
      </Group>
    );
  }
  if (locked) return null;
  return (
    <form onSubmit={(event) => void apply(event)} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('formation.summary.couponCode')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Button type="submit" variant="light" mt={25} loading={verifying}>
          {t('formation.summary.apply')}
        </Button>
      </Group>
    </form>
  );
}
