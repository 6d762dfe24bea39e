import { Anchor, AppShell, Badge, Button, NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconBook2,
  IconBuildingSkyscraper,
  IconBuildingBank,
  IconCalendarRepeat,
  IconChecklist,
  IconClipboardList,
  IconFileDownload,
  IconFileInvoice,
  IconFileUpload,
  IconHistory,
  IconHome,
  IconMail,
  IconMessages,
  IconMailForward,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconTag,
  IconTemplate,
  IconTicket,
  IconTools,
  IconUpload,
  IconUserSearch,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ROUTES, href, routeDefinition, type RouteName } from '@/app/routes-table';
import { useUnreadConversations } from '@/features/messages/api/get-conversations';
import { useRefreshMessagesOn } from '@/features/messages/api/use-refresh-messages';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { useAuthorization } from '@/lib/authorization';
import { TERMS_AND_CONDITIONS_URL } from '@/lib/external-links';
import type { TranslationKey } from '@/lib/i18n';

interface MenuEntry {
  route: RouteName;
  labelKey: TranslationKey;
  icon: Icon;
  /** Shown to client users only: what is waiting on them (staff have the Requests list). */
  clientsOnly?: true;
}

/**
 * Spec 01 section 2.4 and DESIGN.md section 5: exactly this order; each entry needs its route's access.
 * To do and Requests (issue 20) come after Home and after the document screens; Messages (issue 23)
 * after Requests, the other place where the firm and the client talk.
 */
const MAIN_MENU: readonly MenuEntry[] = [
  { route: 'Dashboard', labelKey: 'nav.home', icon: IconHome },
  { route: 'ToDo', labelKey: 'nav.toDo', icon: IconChecklist, clientsOnly: true },
  { route: 'ReceivedDocs', labelKey: 'nav.receivedDocs', icon: IconFileDownload },
  { route: 'MyUploads', labelKey: 'nav.myUploads', icon: IconFileUpload },
  { route: 'Requests', labelKey: 'nav.requests', icon: IconClipboardList },
  { route: 'Messages', labelKey: 'nav.messages', icon: IconMessages },
  { route: 'Clients', labelKey: 'nav.clients', icon: IconUsersGroup },
  { route: 'Invitations', labelKey: 'nav.invitations', icon: IconMail },
  { route: 'Users', labelKey: 'nav.users', icon: IconUsers },
  { route: 'Leads', labelKey: 'nav.leads', icon: IconUserSearch },
  { route: 'Bookkeeping', labelKey: 'nav.bookkeeping', icon: IconBook2 },
  // A client user's own year (issue 24): where staff have the tracker.
  { route: 'MyBookkeeping', labelKey: 'nav.bookkeeping', icon: IconBook2, clientsOnly: true },
  { route: 'Companies', labelKey: 'nav.companies', icon: IconBuildingSkyscraper },
  { route: 'Contractors', labelKey: 'nav.contractors', icon: IconFileInvoice },
  { route: 'Reconciliations', labelKey: 'nav.reconciliations', icon: IconBuildingBank },
];

const ADMINISTRATION_MENU: readonly MenuEntry[] = [
  { route: 'Roles', labelKey: 'nav.roles', icon: IconShieldLock },
  { route: 'Services', labelKey: 'nav.services', icon: IconTools },
  { route: 'Tags', labelKey: 'nav.tags', icon: IconTag },
  { route: 'Announcements', labelKey: 'nav.announcements', icon: IconSpeakerphone },
  { route: 'RequestTemplates', labelKey: 'nav.requestTemplates', icon: IconTemplate },
  { route: 'RequestSchedules', labelKey: 'nav.requestSchedules', icon: IconCalendarRepeat },
  { route: 'Coupons', labelKey: 'nav.coupons', icon: IconTicket },
  { route: 'AuditLog', labelKey: 'nav.auditLog', icon: IconHistory },
  { route: 'Mail', labelKey: 'nav.mail', icon: IconMailForward },
  { route: 'Settings', labelKey: 'nav.settings', icon: IconSettings },
];

/** The group shows for these alone; coupon:list by itself does not open it (spec 01 section 2.4). */
const ADMINISTRATION_PERMISSION =
  'role:list|service:list|tag:list|announcement:list|coupon:list|audit:list|mail:list|setting:edit|' +
  'request-template:list|request-schedule:list';

const ADMINISTRATION_ID = 'sidebar-administration';

/** Home is active only on itself; other entries also for the screens beneath them (details, edit). */
function isActive(route: RouteName, pathname: string): boolean {
  const routePath = ROUTES[route].path;
  if (routePath === '/') return pathname === '/';
  return pathname === routePath || pathname.startsWith(`${routePath}/`);
}

/** Memoised: the sidebar renders again when the unread count or the address changes, most links do not. */
const MenuLink = memo(function MenuLink({
  entry,
  active,
  count = 0,
  countLabel,
}: {
  entry: MenuEntry;
  /** Its screen (or one beneath it) is open: passed rather than the address, so a move re-renders two links. */
  active: boolean;
  /** A badge (Messages: conversations with unread messages); the link's name says it in words. */
  count?: number;
  countLabel?: string;
}) {
  const { t } = useTranslation();
  const path = ROUTES[entry.route].path;
  const EntryIcon = entry.icon;
  return (
    <NavLink
      component={Link}
      to={path}
      label={t(entry.labelKey)}
      leftSection={<EntryIcon size={18} stroke={1.6} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" circle={count < 10} color="red" aria-hidden>
            {count > 99 ? '99+' : count}
          </Badge>
        ) : undefined
      }
      aria-label={count > 0 ? countLabel : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
});

/**
 * Memoised: the layout renders once per post-login check, the sidebar only when `menuWanted` turns.
 * `menuWanted` false (a phone whose menu was never opened) leaves out the links, which nobody sees
 * there, but keeps the hooks that refresh messages; once built, the menu stays (it slides out closed).
 */
export const Sidebar = memo(function Sidebar({ menuWanted }: { menuWanted: boolean }) {
  const { t } = useTranslation();
  const [menuBuilt, setMenuBuilt] = useState(menuWanted);
  if (menuWanted && !menuBuilt) setMenuBuilt(true);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { allows, can, isClient } = useAuthorization();
  const [administrationOpened, setAdministrationOpened] = useState(true);

  const mainEntries = MAIN_MENU.filter(
    (entry) => (isClient || !entry.clientsOnly) && allows(routeDefinition(entry.route)),
  );
  const withMessages = allows(routeDefinition('Messages'));
  const unreadConversations = useUnreadConversations({ enabled: withMessages }).data ?? 0;
  // The stream reports every change of a conversation the person may see, notified or not; the
  // bell's count still moves the messages too (it is polled while the stream is down).
  useRefreshMessagesOn(notificationKeys.conversationChanges(), { enabled: withMessages });
  useRefreshMessagesOn(notificationKeys.unreadCount(), { enabled: withMessages });
  const administrationEntries = can(ADMINISTRATION_PERMISSION)
    ? ADMINISTRATION_MENU.filter((entry) => allows(routeDefinition(entry.route)))
    : [];

  if (!menuBuilt) return null;
  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="scroll">
        {/* Only menu links in here (DESIGN.md section 7), so the landmark reads as the menu. */}
        <nav aria-label={t('nav.label')}>
          {mainEntries.map((entry) =>
            entry.route === 'Messages' ? (
              <MenuLink
                key={entry.route}
                entry={entry}
                active={isActive(entry.route, pathname)}
                count={unreadConversations}
                countLabel={t('nav.messagesUnread', { count: unreadConversations })}
              />
            ) : (
              <MenuLink key={entry.route} entry={entry} active={isActive(entry.route, pathname)} />
            ),
          )}
          {administrationEntries.length > 0 && (
            <NavLink
              component="button"
              type="button"
              label={t('nav.administration')}
              leftSection={<IconSettings size={18} stroke={1.6} aria-hidden />}
              opened={administrationOpened}
              onChange={setAdministrationOpened}
              aria-expanded={administrationOpened}
              aria-controls={ADMINISTRATION_ID}
            >
              <div id={ADMINISTRATION_ID}>
                {administrationEntries.map((entry) => (
                  <MenuLink key={entry.route} entry={entry} active={isActive(entry.route, pathname)} />
                ))}
              </div>
            </NavLink>
          )}
        </nav>
      </AppShell.Section>
      {(can('my-upload:add') || isClient) && (
        <AppShell.Section pt="sm">
          <Stack gap="sm">
            {can('my-upload:add') && (
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                onClick={() => void navigate(href('MyUploads', null, { upload: 1 }))}
                fullWidth
              >
                {t('nav.uploadDocument')}
              </Button>
            )}
            {isClient && (
              <Anchor href={TERMS_AND_CONDITIONS_URL} target="_blank" rel="noopener noreferrer" size="sm" ta="center">
                {t('nav.terms')}
              </Anchor>
            )}
          </Stack>
        </AppShell.Section>
      )}
    </>
  );
});
