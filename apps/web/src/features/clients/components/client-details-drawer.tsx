import {
  CLIENT_TYPE,
  EMPTY_VALUE,
  MARITAL_STATUS,
  formatAddress,
  type ClientDetailsPanelDto,
  formatPhone,
} from '@ledgerport/shared';
import { Badge, Center, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '@/components/ui/status-dot';
import { useClientDetails } from '../api/get-client-details';

/**
 * The details side panel (spec 02, Clients list): read-only, secrets masked by the server. `extra`
 * is what other features add under the details (the client's requests), composed by the route.
 */
export function ClientDetailsDrawer({
  clientId,
  onClose,
  extra,
}: {
  clientId: number | null;
  onClose: () => void;
  extra?: (client: ClientDetailsPanelDto) => ReactNode;
}) {
  const { t } = useTranslation();
  const details = useClientDetails(clientId);
  return (
    <Drawer
      opened={clientId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={details.data?.name ?? t('clients.details.title')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {clientId !== null &&
        (details.isError ? (
          <Center py="lg" c="red" role="alert">
            {t('common.messages.fetchError')}
          </Center>
        ) : details.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : (
          <Stack gap="lg">
            <ClientDetails client={details.data} />
            {extra?.(details.data)}
          </Stack>
        ))}
    </Drawer>
  );
}

function ClientDetails({ client }: { client: ClientDetailsPanelDto }) {
  const { t } = useTranslation();
  const none = EMPTY_VALUE;
  const business = client.clientType === CLIENT_TYPE.business;
  const address = formatAddress({ ...client.address, state: client.address.state?.name });
  const rows: Array<[string, ReactNode]> = [
    [t('clients.details.type'), business ? t('clients.type.business') : t('clients.type.personal')],
    [
      t('clients.details.status'),
      <StatusDot key="status" active={client.isActive}>
        {client.isActive ? t('common.status.active') : t('common.status.inactive')}
      </StatusDot>,
    ],
    ...(business
      ? ([
          [t('clients.details.tradeName'), client.tradeName ?? none],
          [t('clients.details.website'), client.website ?? none],
          [t('clients.details.tin'), client.maskedTaxpayerIdentificationNumber ?? none],
        ] as Array<[string, ReactNode]>)
      : ([
          [t('clients.details.ssn'), client.maskedSocialSecurityNumber ?? none],
          [t('clients.details.birthDate'), client.maskedBirthDate ?? none],
          [
            t('clients.details.maritalStatus'),
            client.maritalStatus === MARITAL_STATUS.married
              ? t('clients.details.married')
              : client.maritalStatus === MARITAL_STATUS.single
                ? t('clients.details.single')
                : none,
          ],
        ] as Array<[string, ReactNode]>)),
    [t('clients.details.emailAddress'), client.emailAddress ?? none],
    [t('clients.details.phoneNumber'), formatPhone(client.phoneNumber) || none],
    [t('clients.details.address'), address ?? none],
    [t('clients.details.owner'), client.owner.fullName],
    [t('clients.details.advisor'), client.advisor?.fullName ?? t('clients.noAdvisor')],
    [
      t('clients.details.services'),
      client.services.length === 0 ? (
        none
      ) : (
        <Group gap={4}>
          {client.services.map((s) => (
            <Badge key={s.id} variant="light" radius="sm" tt="none">
              {s.displayName}
            </Badge>
          ))}
        </Group>
      ),
    ],
  ];

  return (
    <Stack gap="md">
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {t('clients.details.collaborators')}
      </Title>
      {client.collaborators.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('clients.details.noCollaborators')}
        </Text>
      ) : (
        <Stack gap="xs">
          {client.collaborators.map((c) => (
            <Group key={c.id} gap="xs">
              <StatusDot active={c.isActive}>
                <Text size="sm">{c.collaboratorUser}</Text>
              </StatusDot>
              {c.services.map((s) => (
                <Badge key={s.id} variant="outline" radius="sm" tt="none" size="sm">
                  {s.displayName}
                </Badge>
              ))}
            </Group>
          ))}
        </Stack>
      )}
      {client.spouse && (
        <>
          <Title order={3} size="h5">
            {t('clients.details.spouse')}
          </Title>
          <Text size="sm">
            {client.spouse.firstName} {client.spouse.lastName}
            {client.spouse.maskedSocialSecurityNumber ? ` · ${client.spouse.maskedSocialSecurityNumber}` : ''}
            {client.spouse.phoneNumber ? ` · ${formatPhone(client.spouse.phoneNumber)}` : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}
