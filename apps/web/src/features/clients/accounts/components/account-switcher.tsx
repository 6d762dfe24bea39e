import { Button, Menu, ScrollArea } from '@mantine/core';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { useMyClients } from '../api/get-my-clients';
import { useSetCurrentClient } from '../api/set-current-client';
import { AccountTypeIcon } from './account-type-icon';

/** Spec 01 section 9. */
const SWITCHER_MAX_HEIGHT = 326;

/** Reloads after switching: every cached list and open screen belonged to the previous account. */
const reloadPage = () => window.location.reload();

export function AccountSwitcher() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const { currentClient } = useSession();
  // Only with a current account to switch from: staff may hold account:list too (admins hold
  // everything) but have no accounts of their own (the list answers them 403), and a client user
  // still choosing one does so in the layout's dialog. Asked for otherwise, every staff page load sent
  // a request for nothing.
  const enabled = can('account:list') && currentClient !== null;
  const clients = useMyClients({ enabled });
  const setCurrent = useSetCurrentClient({ onSuccess: reloadPage });

  if (!enabled || !currentClient) return null;

  return (
    <Menu position="bottom-end" width={280} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<AccountTypeIcon clientType={currentClient.clientType} size={16} />}
          rightSection={<IconSelector size={16} aria-hidden />}
          loading={setCurrent.isPending}
          // A phone's header also holds the bell and the user menu: a long name is cut, not the header.
          maw={{ base: 180, sm: 260 }}
          title={currentClient.name}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{currentClient.name}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('accounts.switcher.label')}</Menu.Label>
        <ScrollArea.Autosize mah={SWITCHER_MAX_HEIGHT} type="auto">
          {clients.data?.map((client) => {
            const isCurrent = client.id === currentClient.id;
            return (
              <Menu.Item
                key={client.id}
                leftSection={<AccountTypeIcon clientType={client.clientType} size={16} />}
                rightSection={isCurrent ? <IconCheck size={16} aria-hidden /> : null}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  if (!isCurrent) setCurrent.mutate(client.id);
                }}
              >
                {client.name}
              </Menu.Item>
            );
          })}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
