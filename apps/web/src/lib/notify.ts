import { NOTIFICATION_DURATION_MS } from '@ledgerport/shared';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

type Kind = 'success' | 'info' | 'warning' | 'error';

const COLOR: Record<Kind, string> = {
  success: 'teal',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};

interface NotifyOptions {
  /** Same id replaces the shown message instead of stacking a duplicate (e.g. repeated clicks). */
  id?: string;
}

function show(kind: Kind, message: string, options: NotifyOptions = {}) {
  notifications.show({
    id: options.id,
    message,
    color: COLOR[kind],
    autoClose: NOTIFICATION_DURATION_MS,
    // Errors and warnings are announced at once; the rest politely.
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': i18n.t('notifications.close') },
    'data-kind': kind,
  });
}

/** The API client never shows messages: each user action picks its own keyed text and calls one of these. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
};
