import { CLIENT_TYPE, type MyClientDto } from '@ledgerport/shared';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountTypeIcon } from './account-type-icon';
import { CreateAccountForm } from './create-account-form';

interface ChooseAccountModalProps {
  clients: readonly MyClientDto[];
  pending: boolean;
  onChoose: (clientId: number) => void;
}

const ignoreClose = () => {};

/**
 * Spec 01 section 2.3: a client user with several accounts must pick one before seeing anything, so
 * the dialog offers no way out (no close button, no Escape, no outside click). With no account at
 * all, the same dialog creates the first one.
 */
export function ChooseAccountModal({ clients, pending, onChoose }: ChooseAccountModalProps) {
  const { t } = useTranslation();
  if (clients.length === 0) {
    // A client user who registered from an advisor's invitation has no account yet: they open their
    // first one here, and the current-client step then picks it as their only account.
    return (
      <Modal
        opened
        onClose={ignoreClose}
        title={t('invitations.createAccount.title')}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('invitations.createAccount.intro')}
        </Text>
        <CreateAccountForm />
      </Modal>
    );
  }
  return <ChooseOne clients={clients} pending={pending} onChoose={onChoose} />;
}

function ChooseOne({ clients, pending, onChoose }: ChooseAccountModalProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => String(clients[0]?.id ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) onChoose(Number(value));
  };

  return (
    <Modal
      opened
      onClose={ignoreClose}
      title={t('accounts.chooser.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
    >
      <form onSubmit={submit}>
        <Radio.Group value={value} onChange={setValue} label={t('accounts.chooser.groupLabel')}>
          <Stack gap="sm" mt="sm">
            {clients.map((client) => (
              <Radio
                key={client.id}
                value={String(client.id)}
                label={
                  <Group component="span" gap={6} wrap="nowrap">
                    <AccountTypeIcon clientType={client.clientType} size={16} />
                    <Text component="span" size="sm">
                      {client.name}
                    </Text>
                  </Group>
                }
                description={t(
                  client.clientType === CLIENT_TYPE.business ? 'accounts.type.business' : 'accounts.type.personal',
                )}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={pending} disabled={!value}>
            {t('accounts.chooser.continue')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
