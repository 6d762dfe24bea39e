import type { InstitutionAccountDto } from '@ledgerport/shared';
import { Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maskedAccountNumber } from '../format';

/** Whose account this is: client, institution, masked number and name (spec 03 Transactions screen). */
export function AccountHeading({ account }: { account: InstitutionAccountDto | undefined }) {
  const { t } = useTranslation();
  if (!account) return null;
  const item = (label: string, value: string) => (
    <Stack gap={0}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder p="sm">
      <Group wrap="nowrap" align="center" gap="md">
        <Avatar
          src={account.institution.logo}
          alt={t('reconciliation.accounts.logo', { institution: account.institution.name })}
          size={40}
          radius="sm"
        >
          <IconBuildingBank size={22} aria-hidden />
        </Avatar>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0} style={{ flex: 1 }}>
          {item(t('reconciliation.transactions.client'), account.client.name)}
          {item(t('reconciliation.transactions.institution'), account.institution.name)}
          {item(t('reconciliation.transactions.accountNumber'), maskedAccountNumber(account.mask))}
          {item(t('reconciliation.transactions.accountName'), account.name)}
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
