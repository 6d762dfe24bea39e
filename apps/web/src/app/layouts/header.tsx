import { Anchor, Burger, Group } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '@/app/routes-table';
import { Brand } from '@/components/ui/brand';
import { AccountSwitcher } from '@/features/clients/accounts/components/account-switcher';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

interface HeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  navbarId: string;
}

/**
 * Memoised, as is the sidebar: the layout renders again as each of its post-login checks answers,
 * and each time the whole header with it would cost a phone's CPU tens of milliseconds on load.
 */
export const Header = memo(function Header({ navbarOpened, onToggleNavbar, navbarId }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('nav.toggle')}
          aria-expanded={navbarOpened}
          aria-controls={navbarId}
        />
        <Anchor component={Link} to={href('Dashboard')} underline="never" aria-label={t('app.firmName')}>
          <Brand textFrom="xs" />
        </Anchor>
      </Group>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
        <AccountSwitcher />
        <NotificationBell preferencesPath={`${href('Profile')}#notifications`} />
        <UserMenu />
      </Group>
    </Group>
  );
});
