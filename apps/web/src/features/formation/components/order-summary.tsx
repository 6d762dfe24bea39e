import {
  nonResidentFormationFees,
  residentFormationFees,
  stateFilingFeeCents,
  type BusinessEntityType,
  type FormationState,
  type VerifiedCoupon,
} from '@ledgerport/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount as formatCents } from '@/components/payments/card-payment';

interface Line {
  label: string;
  cents: number | null;
  /** A discount, shown with a minus sign. */
  negative?: boolean;
}

function SummaryFrame({
  lines,
  totalCents,
  children,
}: {
  lines: Line[];
  totalCents: number | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const amount = (cents: number | null, negative = false) =>
    cents === null ? '—' : `${negative ? '−' : ''}${formatCents(cents)}`;
  return (
    <Paper component="aside" aria-labelledby="order-summary-title" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary-title">
          {t('formation.summary.title')}
        </Title>
        <Stack gap={6} component="dl" m={0}>
          {lines.map((line) => (
            <Group key={line.label} justify="space-between" wrap="nowrap" gap="xs">
              <Text component="dt" size="sm" c="dimmed">
                {line.label}
              </Text>
              <Text component="dd" size="sm" m={0} c={line.negative ? 'teal' : undefined}>
                {amount(line.cents, line.negative)}
              </Text>
            </Group>
          ))}
          {/* The rule above the total is the row's border: a <dl> holds only its groups (a divider
              element in it made the list invalid for screen readers). */}
          <Group
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            mt={4}
            pt={10}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text component="dt" fw={700}>
              {t('formation.summary.total')}
            </Text>
            <Text component="dd" fw={700} m={0} data-testid="order-total">
              {amount(totalCents)}
            </Text>
          </Group>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

interface ResidentOrderSummaryProps {
  state: FormationState | null;
  businessEntityType: BusinessEntityType;
  coupon: VerifiedCoupon | null;
  /** The coupon entry (applying and removing), rendered under the amounts. */
  children?: ReactNode;
}

/**
 * Resident order summary (spec 03 section 9): the state's filing fee for the entity type, the 6%
 * processing fee, the service fee, the coupon's discount and the total, all from the shared formula.
 */
export function ResidentOrderSummary({ state, businessEntityType, coupon, children }: ResidentOrderSummaryProps) {
  const { t } = useTranslation();
  const filingFee = state ? stateFilingFeeCents(state, businessEntityType) : null;
  const fees = residentFormationFees(filingFee ?? 0, coupon);
  const known = filingFee !== null;
  const lines: Line[] = [
    { label: t('formation.summary.stateFilingFee'), cents: known ? fees.stateFilingFeeCents : null },
    { label: t('formation.summary.processingFee'), cents: known ? fees.processingFeeCents : null },
    { label: t('formation.summary.serviceFee'), cents: fees.serviceFeeCents },
  ];
  if (coupon) {
    lines.push({
      label: t('formation.summary.coupon', { code: coupon.code }),
      cents: fees.discountCents,
      negative: true,
    });
  }
  return (
    <SummaryFrame lines={lines} totalCents={known ? fees.totalCents : null}>
      {!state && (
        <Text size="sm" c="dimmed">
          {t('formation.summary.chooseState')}
        </Text>
      )}
      {children}
    </SummaryFrame>
  );
}

/** Non-resident order summary: a fixed total shown as the government fee plus the service fee. */
export function NonResidentOrderSummary() {
  const { t } = useTranslation();
  const fees = nonResidentFormationFees();
  const lines: Line[] = [
    { label: t('formation.summary.governmentFee'), cents: fees.stateFilingFeeCents },
    { label: t('formation.summary.serviceFee'), cents: fees.serviceFeeCents },
  ];
  return <SummaryFrame lines={lines} totalCents={fees.totalCents} />;
}
