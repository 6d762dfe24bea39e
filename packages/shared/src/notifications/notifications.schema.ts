import { z } from 'zod';
import { booleanQuery } from '../common/list.schema.js';

/**
 * In-app notifications, their e-mail and each person's choices (issue 22; docs/notifications.md).
 * The server writes each notification's text when it creates it, so the bell, the panel and the
 * e-mail say the same thing and the web app needs no text per kind beyond the preferences' labels.
 */

/** What happened. Staff hear about their clients' actions; client users about the firm's. */
export const NOTIFICATION_KIND = {
  // For the client's advisor, the request's creator and the staff who follow the client.
  documentUploaded: 'documentUploaded',
  requestItemSubmitted: 'requestItemSubmitted',
  requestItemNotApplicable: 'requestItemNotApplicable',
  requestCompleted: 'requestCompleted',
  announcementAcknowledged: 'announcementAcknowledged',
  contractorFeePaid: 'contractorFeePaid',
  // Issue 24: the client answered a question about a bank transaction (its asker, advisor, followers).
  transactionQuestionAnswered: 'transactionQuestionAnswered',
  // For the client's users (the owner, and the collaborators whose services cover it).
  requestCreated: 'requestCreated',
  requestItemReturned: 'requestItemReturned',
  documentReceived: 'documentReceived',
  reminder: 'reminder',
  // Issue 24: the firm asks (or asks again) about bank transactions; owner and collaborators granted Bookkeeping.
  transactionQuestionsAsked: 'transactionQuestionsAsked',
  // Issue 24: questions still waiting on the client after a few days (the questions' reminders).
  transactionQuestionsReminder: 'transactionQuestionsReminder',
  // Both sides (issue 24): the client's people who reconcile it and its advisor (and followers).
  bankConnectionNeedsAction: 'bankConnectionNeedsAction',
  // Both sides (issue 23): a conversation's client users (never for an internal note) and its staff.
  messageReceived: 'messageReceived',
} as const;
export type NotificationKind = (typeof NOTIFICATION_KIND)[keyof typeof NOTIFICATION_KIND];
export const notificationKindSchema = z.enum(
  Object.values(NOTIFICATION_KIND) as [NotificationKind, ...NotificationKind[]],
);

/** The kinds a staff user and a client user can receive (and so choose for). */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  NOTIFICATION_KIND.documentUploaded,
  NOTIFICATION_KIND.requestItemSubmitted,
  NOTIFICATION_KIND.requestItemNotApplicable,
  NOTIFICATION_KIND.requestCompleted,
  NOTIFICATION_KIND.announcementAcknowledged,
  NOTIFICATION_KIND.contractorFeePaid,
  NOTIFICATION_KIND.transactionQuestionAnswered,
  NOTIFICATION_KIND.bankConnectionNeedsAction,
  NOTIFICATION_KIND.messageReceived,
];
export const CLIENT_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  NOTIFICATION_KIND.requestCreated,
  NOTIFICATION_KIND.requestItemReturned,
  NOTIFICATION_KIND.documentReceived,
  NOTIFICATION_KIND.reminder,
  NOTIFICATION_KIND.messageReceived,
  NOTIFICATION_KIND.bankConnectionNeedsAction,
  NOTIFICATION_KIND.transactionQuestionsAsked,
  NOTIFICATION_KIND.transactionQuestionsReminder,
];

/** How a kind reaches the person by e-mail: batched soon after, in the daily digest, or not at all. */
export const NOTIFICATION_DELIVERY = {
  immediately: 'immediately',
  dailyDigest: 'dailyDigest',
  inAppOnly: 'inAppOnly',
} as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERY)[keyof typeof NOTIFICATION_DELIVERY];
export const notificationDeliverySchema = z.enum(['immediately', 'dailyDigest', 'inAppOnly']);

/**
 * Defaults until a person chooses: clients hear of new requests, returned items and messages at once;
 * staff get a digest.
 */
export function defaultDelivery(kind: NotificationKind, isClient: boolean): NotificationDelivery {
  if (!isClient) return NOTIFICATION_DELIVERY.dailyDigest;
  return kind === NOTIFICATION_KIND.requestCreated ||
    kind === NOTIFICATION_KIND.requestItemReturned ||
    kind === NOTIFICATION_KIND.reminder ||
    kind === NOTIFICATION_KIND.messageReceived ||
    kind === NOTIFICATION_KIND.bankConnectionNeedsAction ||
    kind === NOTIFICATION_KIND.transactionQuestionsAsked ||
    kind === NOTIFICATION_KIND.transactionQuestionsReminder
    ? NOTIFICATION_DELIVERY.immediately
    : NOTIFICATION_DELIVERY.dailyDigest;
}

/** `GET identity/users/me/notifications` */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only the unread ones. */
  unread: booleanQuery.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationDtoSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  /** One line, written by the server ("Acme LLC uploaded 2023 W-2.pdf"). */
  title: z.string(),
  /** The web app's path of the object it is about ("/requests/12"), or null when there is none to open. */
  link: z.string().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  /** Who did it (null for the system: a reminder). */
  actorName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof notificationDtoSchema>;

export const notificationPageDtoSchema = z.object({
  items: z.array(notificationDtoSchema),
  totalCount: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationPageDto = z.infer<typeof notificationPageDtoSchema>;

/** `PUT .../notifications/{id}/read` and `PUT .../notifications/read-all` answer the new count. */
export const unreadCountDtoSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCountDto = z.infer<typeof unreadCountDtoSchema>;

/**
 * The stream (`GET identity/users/me/notifications/stream`, Server-Sent Events): an `unread` event
 * with `UnreadCountDto` on connect and whenever the count changes; the web app refetches the panel
 * when it is open. A `conversation` event with `ConversationSignalDto` whenever a secure conversation
 * the person may see changed (a message sent or edited, its status or assignee), so an open
 * conversation and the inbox follow whether or not the change notified them. Comments (`: ping`)
 * keep the connection alive.
 */
export const NOTIFICATION_STREAM_EVENT = { unread: 'unread', conversation: 'conversation' } as const;

/**
 * Which conversation changed; null after the server's listener reconnected (changes may have been
 * missed, so every conversation is read again). An id only: the web app reads what changed through
 * the conversation's own routes, with their permission checks.
 */
export const conversationSignalDtoSchema = z.object({ conversationId: z.number().int().positive().nullable() });
export type ConversationSignalDto = z.infer<typeof conversationSignalDtoSchema>;

/** `GET/PUT identity/users/me/notification-preferences` */
export const notificationPreferencesDtoSchema = z.object({
  /** Every kind the person can receive, with their choice (or the default). */
  kinds: z.array(z.object({ kind: notificationKindSchema, delivery: notificationDeliverySchema })),
  /** The hour of the daily digest, in the firm's time zone (0-23). */
  digestHour: z.number().int().min(0).max(23),
  version: z.string(),
});
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesDtoSchema>;

export const notificationPreferencesInputSchema = z.object({
  kinds: z
    .array(z.object({ kind: notificationKindSchema, delivery: notificationDeliverySchema }))
    .max(Object.keys(NOTIFICATION_KIND).length),
  digestHour: z.number().int().min(0).max(23),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/**
 * `GET/PUT/DELETE document/clients/{id}/follow`: whether the signed-in staff member follows the client
 * (a follower hears of what the client's people do, as the client's advisor does).
 */
export const clientFollowDtoSchema = z.object({ following: z.boolean() });
export type ClientFollowDto = z.infer<typeof clientFollowDtoSchema>;

/** The daily digest's default hour (8 a.m. in the firm's time zone). */
export const DEFAULT_DIGEST_HOUR = 8;
