import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-notifications';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationPanel } from './notification-panel';

/** While the stream is down, the count is asked for this often instead. */
export const UNREAD_POLL_MS = 30_000;

/** The panel is named by its heading (Mantine would name it after the bell, count and all). */
const PANEL_TITLE_ID = 'notification-panel-title';

/** The header's bell (issue 22 item 1): the unread count, live, and the panel under it. */
export function NotificationBell({ preferencesPath }: { preferencesPath: string }) {
  const { t } = useTranslation();
  const { connected } = useNotificationStream();
  const count = useUnreadCount({ pollMs: connected ? false : UNREAD_POLL_MS });
  const [opened, setOpened] = useState(false);
  const unread = count.data?.unreadCount ?? 0;

  // The Popover's target gets the dialog's aria-haspopup, aria-expanded and aria-controls itself.
  return (
    <Indicator
      // The button's name says the count; the badge is for the eye only.
      label={<span aria-hidden>{unread > 99 ? '99+' : unread}</span>}
      size={18}
      offset={6}
      disabled={unread === 0}
      color="red"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
        // The header never scrolls away; and in tests (no layout) every target looks detached.
        hideDetached={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
            // A controlled Popover leaves the toggle to its target.
            onClick={() => setOpened((open) => !open)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)" aria-labelledby={PANEL_TITLE_ID}>
          <NotificationPanel
            titleId={PANEL_TITLE_ID}
            unreadCount={unread}
            preferencesPath={preferencesPath}
            onNavigate={() => setOpened(false)}
          />
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
