import type { BalanceDto } from '@ledgerport/shared';
import { Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import { formatMoney, RECONCILIATION_DATE_FORMAT } from '../format';

/** The API's rule (docs/reconciliation.md): starting balance + the month's amounts = ending balance. */
export function isBalanced(balance: BalanceDto, monthTotalCents: number | null | undefined): boolean {
  if (monthTotalCents === null || monthTotalCents === undefined) return false;
  return Math.round(balance.startingBalance * 100) + monthTotalCents === Math.round(balance.endingBalance * 100);
}

/**
 * Starting and ending balance of the month shown, each with its date and currency. Nothing at all
 * when the balance could not be fetched (spec 03: the failure clears it silently).
 */
export function AccountBalance({
  balance,
  monthTotalCents,
}: {
  balance: BalanceDto | undefined;
  monthTotalCents: number | null | undefined;
}) {
  const { t } = useTranslation();
  if (!balance) return null;
  const balanced = isBalanced(balance, monthTotalCents);
  const item = (label: string, value: number, date: string) => (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>
        {formatMoney(value, balance.isoCurrencyCode)}{' '}
        <Text component="span" size="sm" c="dimmed">
          {balance.isoCurrencyCode}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        {t('reconciliation.transactions.balanceOn', { date: formatDate(date, RECONCILIATION_DATE_FORMAT.balance) })}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('reconciliation.transactions.balances')}>
      <Group justify="space-between" wrap="wrap">
        {item(t('reconciliation.transactions.startingBalance'), balance.startingBalance, balance.startingBalanceDate)}
        {balanced && (
          <Tooltip label={t('reconciliation.transactions.balanced')}>
            <ThemeIcon
              color="teal"
              variant="light"
              radius="xl"
              role="img"
              aria-label={t('reconciliation.transactions.balanced')}
            >
              <IconCheck size={18} aria-hidden />
            </ThemeIcon>
          </Tooltip>
        )}
        {item(t('reconciliation.transactions.endingBalance'), balance.endingBalance, balance.endingBalanceDate)}
      </Group>
    </Paper>
  );
}
