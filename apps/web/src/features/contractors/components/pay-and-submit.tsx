import {
  CONTRACTOR_PAYMENT_SUCCESS_DELAY_MS,
  PAYMENT_INTENT_RESULT,
  dollarsToCents,
  type ContractorListDto,
} from '@ledgerport/shared';
import { Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPayment, formatAmount } from '@/components/payments/card-payment';
import { notify } from '@/lib/notify';
import { useCreateContractorsPaymentIntent } from '../api/create-payment-intent';
import { payBlockReason } from '../lib/contractor-rules';

interface Payment {
  clientSecret: string;
  amountCents: number;
}

/**
 * Pay and submit (spec 03 section 4): the server prices the current client's unpaid contractors and
 * answers 1 (pay by card), 2 (nothing unpaid: reload) or 3 (a payment is already processing or
 * succeeded). The contractors turn paid only with the provider's event; the page waits 2 seconds
 * after the card is confirmed so the reload usually shows them paid.
 */
export function PayAndSubmit({
  list,
  onReload,
}: {
  list: Pick<ContractorListDto, 'totalUnpaidServiceFee' | 'hasAnyItemWithZeroTotalPayment'> | undefined;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const intent = useCreateContractorsPaymentIntent();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [finishing, setFinishing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reason = payBlockReason(list);

  const start = async () => {
    try {
      const result = await intent.mutateAsync();
      if (result.resultType === PAYMENT_INTENT_RESULT.noUnpaidContractor) {
        notify.info(t('contractors.messages.noUnpaidContractor'), { key: 'contractors-pay' });
        onReload();
      } else if (result.resultType === PAYMENT_INTENT_RESULT.paymentInProgress) {
        notify.info(t('contractors.messages.paymentInProgress'), { key: 'contractors-pay' });
      } else if (result.stripePaymentClientSecret && result.paymentAmount !== null) {
        setPayment({
          clientSecret: result.stripePaymentClientSecret,
          amountCents: dollarsToCents(result.paymentAmount),
        });
      } else {
        throw new Error('A successful payment intent without its secret or amount');
      }
    } catch {
      notify.error(t('contractors.messages.paymentIntentError'), { key: 'contractors-pay' });
    }
  };

  const succeeded = () => {
    setFinishing(true);
    timer.current = setTimeout(() => {
      notify.success(t('contractors.messages.paymentSucceeded'), { key: 'contractors-pay' });
      setFinishing(false);
      setPayment(null);
      onReload();
    }, CONTRACTOR_PAYMENT_SUCCESS_DELAY_MS);
  };

  const button = (
    <Button
      leftSection={<IconCreditCard size={16} />}
      disabled={reason !== null}
      loading={intent.isPending}
      onClick={() => void start()}
    >
      {t('contractors.actions.pay')}
    </Button>
  );

  return (
    <>
      {reason ? (
        <Tooltip label={t(`contractors.payDisabled.${reason}`)} withArrow>
          {/* A disabled button gets no pointer events; the wrapper carries the hint. */}
          <span tabIndex={0}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal
        opened={payment !== null}
        onClose={() => setPayment(null)}
        title={t('contractors.payment.title')}
        size={480}
        centered
        closeOnClickOutside={!finishing}
        closeOnEscape={!finishing}
        withCloseButton={!finishing}
      >
        {payment && (
          <Stack gap="md">
            <Text size="sm">{t('contractors.payment.summary', { amount: formatAmount(payment.amountCents) })}</Text>
            {finishing ? (
              <Group gap="xs" role="status">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('contractors.payment.finishing')}</Text>
              </Group>
            ) : (
              <CardPayment
                clientSecret={payment.clientSecret}
                amountCents={payment.amountCents}
                onSucceeded={succeeded}
              />
            )}
          </Stack>
        )}
      </Modal>
    </>
  );
}
