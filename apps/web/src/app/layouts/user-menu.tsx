import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBuildingStore,
  IconChevronDown,
  IconKey,
  IconLogout,
  IconMailPlus,
  IconUserCircle,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '@/app/routes-table';
import { ColorSchemeMenuItems } from '@/components/ui/color-scheme-menu-items';
import { useLogout } from '@/features/auth/api/logout';
import { useMe } from '@/features/profile/api/get-me';
import { useMyProfilePicture } from '@/features/profile/api/get-profile-picture';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';

function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

type Dialog = 'change-password' | 'send-invitation' | null;

/*
 * The two dialogs (forms with their schemas and react-hook-form) load when the menu first opens,
 * not with every signed-in page: by the time an item is chosen they are usually here. Once loaded
 * they stay mounted, as before, so closing one behaves as it did.
 */
const loadChangePasswordDialog = () => import('@/features/profile/components/change-password-dialog');
const loadSendInvitationDialog = () => import('@/features/invitations/components/send-invitation-dialog');
const ChangePasswordDialog = lazy(() => loadChangePasswordDialog().then((m) => ({ default: m.ChangePasswordDialog })));
const SendInvitationDialog = lazy(() => loadSendInvitationDialog().then((m) => ({ default: m.SendInvitationDialog })));

const AVATAR_SIZE = 32;

/** Avatar menu of spec 01 section 2.5. Its dialogs live outside the menu, which closes on click. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, currentClient } = useSession();
  const { can } = useAuthorization();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  const logout = useLogout();
  // The server's copy follows profile edits; the session's copy shows meanwhile and if it fails.
  const me = useMe();
  const picture = useMyProfilePicture(AVATAR_SIZE, { enabled: me.data?.hasProfilePicture ?? false });
  if (!user) return null;
  const firstName = me.data?.firstName ?? user.firstName;
  const lastName = me.data?.lastName ?? user.lastName;
  const fullName = me.data?.fullName ?? `${firstName} ${lastName}`.trim();
  // Clients invite collaborators onto their current client (spec 01 section 2.5), and only its owner
  // may: the server refuses a collaborator, so the menu does not offer it.
  const isClient = user.roles.includes('client');
  // Focus goes back to the menu's button when a dialog closes (useMenuDialogFocusReturn, app layout).
  const closeDialog = () => setDialog(null);
  const canInvite = can('invitation:send') && (!isClient || currentClient?.isOwner === true);

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" onOpen={() => setMenuUsed(true)}>
        <Menu.Target>
          {/* Named by the name it shows, first (WCAG 2.5.3): on a phone only the initials show, so the
              name comes from the label rather than from the text, which is hidden there. */}
          <UnstyledButton
            aria-label={t('header.userMenu', { name: fullName })}
            px={6}
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar src={picture} alt="" color="indigo" radius="xl" size={AVATAR_SIZE}>
                {initials(firstName, lastName)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="xs" lineClamp={1}>
                {fullName}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={href('Profile')} leftSection={<IconUserCircle size={16} aria-hidden />}>
            {t('header.profile')}
          </Menu.Item>
          {can('account:list') && (
            <Menu.Item component={Link} to={href('Accounts')} leftSection={<IconBuildingStore size={16} aria-hidden />}>
              {t('header.accounts')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setDialog('change-password')}>
            {t('header.changePassword')}
          </Menu.Item>
          {canInvite && (
            <Menu.Item
              leftSection={<IconMailPlus size={16} aria-hidden />}
              onClick={() => setDialog('send-invitation')}
            >
              {t('header.sendInvitation')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <ColorSchemeMenuItems />
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {t('header.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {menuUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened={dialog === 'change-password'} onClose={closeDialog} />
          {canInvite && <SendInvitationDialog opened={dialog === 'send-invitation'} onClose={closeDialog} />}
        </Suspense>
      )}
    </>
  );
}
