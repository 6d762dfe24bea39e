import type { NotificationDto } from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { notificationKeys } from '../api/notification-keys';
import classes from './notification-panel.module.css';

/**
 * Under the bell: the newest notifications first, all or unread only, a page at a time. Opening one
 * marks it read and goes to what it is about; "Mark all as read" clears the count.
 */
export function NotificationPanel({
  titleId,
  unreadCount,
  preferencesPath,
  onNavigate,
}: {
  titleId: string;
  unreadCount: number;
  /** The profile page's notification settings. */
  preferencesPath: string;
  /** The panel closes when the person goes somewhere from it. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useNotifications({ unread: filter === 'unread', enabled: true });
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const mark = async (id: number | 'all') => {
    try {
      await markRead.mutateAsync(id);
    } catch {
      notify.error(t('notifications.panel.markError'), { key: 'notifications-read' });
    }
  };

  const open = (item: NotificationDto) => {
    if (item.readAt === null) void mark(item.id);
    if (item.link) {
      onNavigate();
      void navigate(item.link);
      // What it tells of happened after the page was loaded, perhaps on this very page: read it again.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== notificationKeys.all[0] });
    }
  };

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label={t('app.loading')} />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" variant="light" m="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('notifications.panel.loadError')}</Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('notifications.panel.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" px="md" py="xl">
        {filter === 'unread' ? t('notifications.panel.emptyUnread') : t('notifications.panel.emptyAll')}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={420} type="auto">
        <Box component="ul" className={classes.list} aria-label={t('notifications.panel.title')}>
          {items.map((item) => (
            <li key={item.id} className={classes.item} data-unread={item.readAt === null || undefined}>
              <UnstyledButton
                className={classes.open}
                onClick={() => open(item)}
                disabled={!item.link && item.readAt !== null}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <span className={classes.dot} aria-hidden />
                  {item.readAt === null && <VisuallyHidden>{t('notifications.panel.unreadDot')}</VisuallyHidden>}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={item.readAt === null ? 600 : 400} className={classes.title}>
                      {item.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[item.clientName, formatDate(item.createdAt, DATE_FORMAT.comment)].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
              {item.readAt === null && (
                <Tooltip label={t('notifications.panel.markRead')} withinPortal={false}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`${t('notifications.panel.markRead')}: ${item.title}`}
                    onClick={() => void mark(item.id)}
                  >
                    <IconCheck size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </li>
          ))}
        </Box>
        {list.hasNextPage && (
          <Center py="xs">
            <Button
              size="xs"
              variant="subtle"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.panel.showMore')}
            </Button>
          </Center>
        )}
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" pt="sm" pb="xs" wrap="nowrap">
        <Text fw={700} component="h2" size="md" m={0} id={titleId}>
          {t('notifications.panel.title')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={unreadCount === 0}
          loading={markRead.isPending && markRead.variables === 'all'}
          onClick={() => void mark('all')}
        >
          {t('notifications.panel.markAllRead')}
        </Button>
      </Group>
      <Box px="md" pb="xs">
        <SegmentedControl
          size="xs"
          fullWidth
          value={filter}
          onChange={(value) => setFilter(value as 'all' | 'unread')}
          data={[
            { value: 'all', label: t('notifications.panel.all') },
            { value: 'unread', label: t('notifications.panel.unread') },
          ]}
        />
      </Box>
      {body}
      <Group justify="center" className={classes.footer} py={6}>
        <Anchor component={Link} to={preferencesPath} size="sm" onClick={onNavigate}>
          <Group gap={4} wrap="nowrap">
            <IconSettings size={14} aria-hidden />
            {t('notifications.panel.preferences')}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}
