// Public entry: other modules import this module only from here (lint rule in eslint.config.js).
export { createNotificationPublisher } from './notification-events.js';
export type { NotificationEvent, NotificationPublisher } from './notification-events.js';
export { createConversationSignals } from './conversation-signals.js';
export type { ConversationSignals } from './conversation-signals.js';
export { createNotificationRecipients } from './notification-recipients.js';
export type { NotificationRecipients } from './notification-recipients.js';
export { masked as maskedName } from './notification-texts.js';
