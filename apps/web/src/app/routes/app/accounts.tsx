import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { CollaboratorAccountsTab } from '@/features/clients/accounts/components/collaborator-accounts-tab';
import { OwnerAccountsTab } from '@/features/clients/accounts/components/owner-accounts-tab';

const TABS = ['owner', 'collaborator'] as const;
type Tab = (typeof TABS)[number];

/** Accounts (spec 02): the client user's own clients and those they collaborate on; the tab is the URL hash. */
export function AccountsRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const hash = location.hash.replace('#', '');
  const tab: Tab = (TABS as readonly string[]).includes(hash) ? (hash as Tab) : 'owner';

  return (
    <Stack gap="md">
      <PageHeader title={t('invitations.accounts.title')} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value) void navigate({ hash: value }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="owner">{t('invitations.accounts.tabs.owner')}</Tabs.Tab>
          <Tabs.Tab value="collaborator">{t('invitations.accounts.tabs.collaborator')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="owner">
          <OwnerAccountsTab />
        </Tabs.Panel>
        <Tabs.Panel value="collaborator">
          <CollaboratorAccountsTab active={tab === 'collaborator'} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
