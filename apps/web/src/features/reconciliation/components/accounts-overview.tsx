import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';
import type { TFunction } from 'i18next';
import {
  ACCOUNT_SUBTYPE,
  type InstitutionAccountDto,
  type InstitutionAccountsResponse,
  type InstitutionDto,
} from '@ledgerport/shared';
import { Anchor, Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, maskedAccountNumber } from '../format';

interface AccountsOverviewProps {
  data: InstitutionAccountsResponse;
  /** The account's Transactions URL; null without reconciliation:transaction:list (no link then). */
  transactionsHref: ((account: InstitutionAccountDto) => string) | null;
  /** Null without reconciliation:add-account: the reconnect action is not offered. */
  onReconnect: ((institution: InstitutionDto) => void) | null;
  reconnectingInstitutionId: number | null;
}

/** Spec 03 Reconciliations page: checking accounts, credit cards and net cash per currency. */
export function AccountsOverview({
  data,
  transactionsHref,
  onReconnect,
  reconnectingInstitutionId,
}: AccountsOverviewProps) {
  const { t } = useTranslation();
  const checking = data.institutionAccounts.filter((account) => account.subtype === ACCOUNT_SUBTYPE.checking);
  const creditCards = data.institutionAccounts.filter((account) => account.subtype === ACCOUNT_SUBTYPE.creditCard);
  const list = (accounts: InstitutionAccountDto[]) =>
    accounts.map((account) => (
      <AccountItem
        key={account.id}
        account={account}
        href={transactionsHref?.(account) ?? null}
        onReconnect={onReconnect}
        reconnecting={reconnectingInstitutionId === account.institution.id}
      />
    ));

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <AccountsSection title={t('reconciliation.accounts.checking')} empty={t('reconciliation.accounts.noChecking')}>
        {list(checking)}
      </AccountsSection>
      <AccountsSection
        title={t('reconciliation.accounts.creditCards')}
        empty={t('reconciliation.accounts.noCreditCards')}
      >
        {list(creditCards)}
      </AccountsSection>
      <AccountsSection title={t('reconciliation.accounts.netCash')} empty={t('reconciliation.accounts.noNetCash')}>
        {data.netCash.map((cash) => (
          <Text key={cash.isoCurrencyCode} component="li" fw={600} size="lg">
            {formatMoney(cash.value, cash.isoCurrencyCode)}{' '}
            <Text component="span" c="dimmed" size="sm">
              {cash.isoCurrencyCode}
            </Text>
          </Text>
        ))}
      </AccountsSection>
    </SimpleGrid>
  );
}

function AccountsSection({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

/** What the person should know of a login that needs them (issue 24 item 2), with the provider's code for an error. */
export function connectionStateText(
  institution: Pick<InstitutionDto, 'connectionState' | 'connectionErrorCode'>,
  t: TFunction,
): string {
  switch (institution.connectionState) {
    case 'pending-expiration':
      return t('reconciliation.connection.pendingExpiration');
    case 'disconnected':
      return t('reconciliation.connection.disconnected');
    case 'error':
      return t('reconciliation.connection.error', { code: institution.connectionErrorCode ?? '—' });
    default:
      return t('reconciliation.accounts.needsReconnect');
  }
}

function AccountItem({
  account,
  href,
  onReconnect,
  reconnecting,
}: {
  account: InstitutionAccountDto;
  href: string | null;
  onReconnect: AccountsOverviewProps['onReconnect'];
  reconnecting: boolean;
}) {
  const { t } = useTranslation();
  const { institution } = account;
  const label = `${account.name} ${maskedAccountNumber(account.mask)}`.trim();
  return (
    <Group component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={institution.logo}
          alt={t('reconciliation.accounts.logo', { institution: institution.name })}
          size={32}
          radius="sm"
        >
          <IconBuildingBank size={18} aria-hidden />
        </Avatar>
        <Stack gap={0}>
          {href ? (
            <Anchor
              component={Link}
              to={href}
              fw={600}
              aria-label={t('reconciliation.accounts.openTransactions', { name: label })}
            >
              {label}
            </Anchor>
          ) : (
            <Text fw={600}>{label}</Text>
          )}
          <Text size="sm" c="dimmed">
            {institution.name}
          </Text>
          {account.needsReauthentication && (
            <Group gap="xs" mt={4}>
              <Badge
                color={institution.connectionState === 'pending-expiration' ? 'yellow' : 'orange'}
                variant="light"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
                {...WRAPPING_BADGE}
              >
                {connectionStateText(institution, t)}
              </Badge>
              {onReconnect && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconRefresh size={12} aria-hidden />}
                  loading={reconnecting}
                  aria-label={t('reconciliation.accounts.reconnectLabel', { institution: institution.name })}
                  onClick={() => onReconnect(institution)}
                >
                  {t('reconciliation.accounts.reconnect')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      <Stack gap={0} align="flex-end">
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(account.currentBalance, account.isoCurrencyCode)}
        </Text>
        <Text size="xs" c="dimmed">
          {account.isoCurrencyCode}
        </Text>
      </Stack>
    </Group>
  );
}
