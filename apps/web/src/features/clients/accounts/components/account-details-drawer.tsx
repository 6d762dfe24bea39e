import { CLIENT_TYPE, EMPTY_VALUE, MARITAL_STATUS, type MyClientDetails, formatPhone } from '@ledgerport/shared';
import { Alert, Badge, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { invitations } from '@/lib/locales/en/invitations';
import { useMyClientDetails } from '../api/get-my-client-details';
import { ClientAvatar } from './client-avatar';

const DASH = EMPTY_VALUE;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? DASH}
      </Text>
    </div>
  );
}

function Chips({ values }: { values: string[] }) {
  if (values.length === 0) return DASH;
  return (
    <Group gap={4} mt={2}>
      {values.map((value) => (
        <Badge key={value} variant="light" radius="sm" tt="none">
          {value}
        </Badge>
      ))}
    </Group>
  );
}

/** Accounts: the side panel of one client (spec 02, Accounts). Empty values show a dash. */
export function AccountDetailsDrawer({ clientId, onClose }: { clientId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useMyClientDetails(clientId);
  return (
    <Drawer
      opened={clientId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('invitations.accounts.details.title')}
    >
      {details.isLoading ? (
        <Loader size="sm" />
      ) : details.isError ? (
        <Alert color="red">{t('common.messages.fetchError')}</Alert>
      ) : details.data ? (
        <DetailsBody details={details.data} />
      ) : null}
    </Drawer>
  );
}

function DetailsBody({ details }: { details: MyClientDetails }) {
  const { t } = useTranslation();
  const label = (key: keyof typeof invitations.accounts.details) => t(`invitations.accounts.details.${key}`);
  const isPersonal = details.clientType === CLIENT_TYPE.personal;
  const collaborators = (
    <Stack gap={4}>
      {details.collaborators.length === 0
        ? DASH
        : details.collaborators.map((collaborator) => (
            <div key={collaborator.userId}>
              <Text size="sm">
                {collaborator.isActive
                  ? collaborator.fullName
                  : t('invitations.accounts.inactiveCollaborator', { name: collaborator.fullName })}
              </Text>
              <Chips values={collaborator.services} />
            </div>
          ))}
    </Stack>
  );
  return (
    <Stack gap="sm">
      <Group>
        <ClientAvatar clientId={details.id} name={details.fullName} />
        <Text fw={600}>{details.fullName}</Text>
      </Group>
      {isPersonal ? (
        <>
          <Field label={label('fullName')}>{details.fullName}</Field>
          <Field label={label('ssn')}>{details.maskedSocialSecurityNumber}</Field>
          <Field label={label('birthDate')}>{details.maskedBirthDate}</Field>
        </>
      ) : (
        <>
          <Field label={label('name')}>{details.fullName}</Field>
          <Field label={label('tradeName')}>{details.tradeName}</Field>
          <Field label={label('tin')}>{details.maskedTaxpayerIdentificationNumber}</Field>
          <Field label={label('website')}>{details.website}</Field>
        </>
      )}
      <Field label={label('email')}>{details.emailAddress}</Field>
      <Field label={label('phone')}>{formatPhone(details.phoneNumber) || null}</Field>
      <Field label={label('address')}>{details.address}</Field>
      <Field label={label('services')}>
        <Chips values={details.services} />
      </Field>
      <Field label={label('owner')}>{details.owner.fullName}</Field>
      <Field label={label('advisor')}>{details.advisor?.fullName}</Field>
      <Field label={label('collaborators')}>{collaborators}</Field>
      {isPersonal && (
        <>
          <Field label={label('maritalStatus')}>
            {details.maritalStatus === MARITAL_STATUS.married
              ? label('married')
              : details.maritalStatus === MARITAL_STATUS.single
                ? label('single')
                : null}
          </Field>
          {details.spouse && (
            <>
              <Field label={label('spouseFullName')}>{details.spouse.fullName}</Field>
              <Field label={label('spouseSsn')}>{details.spouse.maskedSocialSecurityNumber}</Field>
              <Field label={label('spouseBirthDate')}>{details.spouse.maskedBirthDate}</Field>
              <Field label={label('spousePhone')}>{formatPhone(details.spouse.phoneNumber) || null}</Field>
              <Field label={label('spouseAddress')}>{details.spouse.address}</Field>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
