import { NOTIFICATION_DURATION_MS } from '@ledgerport/shared';
import { i18n } from './i18n';

type Kind = 'success' | 'info' | 'warning' | 'error';

const COLOR: Record<Kind, string> = {
  success: 'teal',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};

interface NotifyOptions {
  /** A message with the same key replaces the one still shown instead of stacking (repeated clicks). */
  key?: string;
}

/** Mantine ignores a second `show` with an id already on screen, so replacing goes by hide + show. */
const shownByKey = new Map<string, string>();

// Loaded on the first message, not with the page: no page needs it to show (DESIGN.md section 10),
// and on a phone's network its 14 kB would arrive beside the first screen's code. The container in
// provider.tsx is mounted then too and loads the same chunk, so both share one store: a message shown
// before the container is in waits in the store and appears with it.
const loadNotifications = () => import('@mantine/notifications').then((m) => m.notifications);

let containerWanted = false;
const containerListeners = new Set<() => void>();

/** Whether a message has been shown in this page, so the container must be there (app/provider.tsx). */
export function isNotificationContainerWanted(): boolean {
  return containerWanted;
}

export function subscribeNotificationContainer(listener: () => void): () => void {
  containerListeners.add(listener);
  return () => containerListeners.delete(listener);
}

function show(kind: Kind, message: string, options: NotifyOptions = {}) {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  void loadNotifications().then((notifications) => showNow(notifications, kind, message, options));
}

function showNow(
  notifications: Awaited<ReturnType<typeof loadNotifications>>,
  kind: Kind,
  message: string,
  options: NotifyOptions,
) {
  const { key } = options;
  const previous = key ? shownByKey.get(key) : undefined;
  if (previous) notifications.hide(previous);
  const id = notifications.show({
    message,
    color: COLOR[kind],
    autoClose: NOTIFICATION_DURATION_MS,
    // Errors and warnings are announced at once; the rest politely.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18n.t('notifications.close') },
    'data-kind': kind,
    onClose: () => {
      if (key && shownByKey.get(key) === id) shownByKey.delete(key);
    },
  });
  if (key) shownByKey.set(key, id);
}

/** The API client never shows messages: each user action picks its own keyed text and calls one of these. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
};
