import { z } from 'zod';
import { isBlankHtml } from '../announcements/announcements.schema.js';
import { booleanQuery, idSchema } from '../common/list.schema.js';
import { DOCUMENT_LIMITS } from '../documents/documents.schema.js';

/**
 * Secure messages between the firm and each client (issue 23; docs/messages.md once built). A
 * conversation belongs to one client; its messages are light rich text (sanitised on the server like
 * announcements) with attachments that become ordinary documents of that client. Staff may add
 * internal notes, which the service never shows or sends to client users.
 *
 * Routes (all under /api/v1/document):
 * - `GET conversations` inbox (staff: the clients they can see; client users: their current client)
 * - `POST conversations` start one; `POST conversations/bulk` the same first message to many clients
 *   (staff, from the Clients list's filter: one conversation per client)
 * - `GET conversations/{id}`, `PUT conversations/{id}` (status, assignee: staff; If-Match)
 * - `GET conversations/{id}/messages?before=` a page, newest last; `POST conversations/{id}/messages`
 *   (JSON, or multipart with attachments); `PUT conversations/{id}/messages/{messageId}` the author's
 *   edit within MESSAGE_EDIT_WINDOW_MINUTES (If-Match)
 * - `PUT conversations/{id}/read` marks everything up to the newest message as seen by the caller
 * - `GET conversations/search?q=` full-text search over the messages the caller may see
 *
 * Also in the catalogue: permissions `message:list|send|bulk|manage|note` (docs/permissions.md).
 */

export const MESSAGE_LIMITS = {
  subject: 200,
  /** Rich-text HTML from the editor. */
  html: 50_000,
  attachmentsPerMessage: 10,
  /** Clients one bulk message may start conversations with. */
  bulkClients: 500,
  searchQuery: 200,
} as const;

/** An author may edit a message this long after sending it; the earlier text stays in the audit log. */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;

/** Stable codes of the refusals particular to messages (the error envelope's `code`). */
export const MESSAGE_ERROR = {
  /** Someone other than the author tried to edit a message (403). */
  notAuthor: 'MESSAGE_NOT_AUTHOR',
  /** The edit came after MESSAGE_EDIT_WINDOW_MINUTES (409). */
  editWindowClosed: 'MESSAGE_EDIT_WINDOW_CLOSED',
  /** Internal notes are the firm's and need `message:note` (403). */
  internalNoteNotAllowed: 'MESSAGE_INTERNAL_NOTE_NOT_ALLOWED',
  /** Attachments without a chosen service, and the firm has no default service for them (400). */
  noAttachmentService: 'MESSAGE_NO_ATTACHMENT_SERVICE',
  /** The assignee is not an active staff member who may read messages (400). */
  assigneeNotStaff: 'MESSAGE_ASSIGNEE_NOT_STAFF',
  /**
   * Files on an internal note (400): they would become documents of the client, which the client's
   * people can open; a note is text only.
   */
  noteWithFiles: 'MESSAGE_NOTE_WITH_FILES',
  /** Nothing was left of the text once sanitised (400). */
  emptyText: 'MESSAGE_EMPTY_TEXT',
} as const;

export const CONVERSATION_STATUS = { open: 'open', closed: 'closed' } as const;
export type ConversationStatus = (typeof CONVERSATION_STATUS)[keyof typeof CONVERSATION_STATUS];
export const conversationStatusSchema = z.enum(['open', 'closed']);

const requiredHtml = z
  .string()
  .max(MESSAGE_LIMITS.html)
  .refine((html) => !isBlankHtml(html), { message: 'This field is required' });

export const participantDtoSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  isStaff: z.boolean(),
  /** When they last saw the conversation (read receipts: "Seen by …"); null: not yet. */
  seenAt: z.string().nullable(),
});
export type ParticipantDto = z.infer<typeof participantDtoSchema>;

export const conversationDtoSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  subject: z.string(),
  status: conversationStatusSchema,
  /** The staff member it is assigned to; null: unassigned. Client users see the name only. */
  assignee: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  lastActivityAt: z.string(),
  /** The newest message's first words (never an internal note's, for client users). */
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number().int().nonnegative(),
  participants: z.array(participantDtoSchema),
  /**
   * The firm's default service for messages' attachments (Settings), filed under when the sender
   * chooses none; null when the firm named none. The composer starts with it chosen, and so offers
   * its tags, when it is among the client's services.
   */
  // A default: an API process of the previous version (a rolling deploy) answers without it.
  attachmentServiceId: z.number().int().nullable().default(null),
  version: z.string(),
});
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

export const conversationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  assigned: z.enum(['me', 'unassigned', 'any']).optional(),
  unread: booleanQuery.optional(),
  clientId: idSchema.optional(),
  status: conversationStatusSchema.optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationPageDtoSchema = z.object({
  items: z.array(conversationDtoSchema),
  totalCount: z.number().int().nonnegative(),
  /** Conversations with unread messages, for the sidebar's count. */
  unreadConversations: z.number().int().nonnegative(),
});
export type ConversationPageDto = z.infer<typeof conversationPageDtoSchema>;

/** `PUT conversations/{id}/read`: the caller's unread count after the mark (0) and their conversations'. */
export const conversationReadDtoSchema = z.object({
  conversation: conversationDtoSchema,
  unreadConversations: z.number().int().nonnegative(),
});
export type ConversationReadDto = z.infer<typeof conversationReadDtoSchema>;

export const messageAttachmentDtoSchema = z.object({
  /** The client's ordinary document it became. */
  documentId: z.number().int(),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type MessageAttachmentDto = z.infer<typeof messageAttachmentDtoSchema>;

export const messageDtoSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  author: z.object({ userId: z.number().int().nullable(), name: z.string(), isStaff: z.boolean() }),
  /** Sanitised HTML. */
  html: z.string(),
  /** Staff only, never sent to client users (the service filters them out, not the screen). */
  isInternalNote: z.boolean(),
  attachments: z.array(messageAttachmentDtoSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** The author may still edit it (their own, within the window). */
  editable: z.boolean(),
  version: z.string(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

export const messagePageQuerySchema = z.object({
  /** Messages older than this id (the next page up); absent: the newest. */
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const conversationMessageParamsSchema = z.object({ id: idSchema, messageId: idSchema });

export const messagePageDtoSchema = z.object({
  items: z.array(messageDtoSchema),
  hasOlder: z.boolean(),
});
export type MessagePageDto = z.infer<typeof messagePageDtoSchema>;

/** `POST conversations` (a client user's: clientId is their current client and may be left out). */
export const startConversationInputSchema = z.object({
  clientId: idSchema.optional(),
  subject: z.string().trim().min(1).max(MESSAGE_LIMITS.subject),
  html: requiredHtml,
});
export type StartConversationInput = z.infer<typeof startConversationInputSchema>;

/** `POST conversations/bulk`: one conversation per client of the list. */
export const bulkConversationInputSchema = z.object({
  clientIds: z.array(idSchema).min(1).max(MESSAGE_LIMITS.bulkClients),
  subject: z.string().trim().min(1).max(MESSAGE_LIMITS.subject),
  html: requiredHtml,
});
export type BulkConversationInput = z.infer<typeof bulkConversationInputSchema>;

/** The answer of `POST conversations/bulk`: how many conversations were started (one per client). */
export const bulkConversationResultSchema = z.object({ started: z.number().int().nonnegative() });
export type BulkConversationResult = z.infer<typeof bulkConversationResultSchema>;

/** `POST conversations/{id}/messages` (JSON form; multipart adds the files and their service and tags). */
export const sendMessageInputSchema = z.object({
  html: requiredHtml,
  isInternalNote: z.boolean().default(false),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

/**
 * The multipart form of `POST conversations/{id}/messages`: `Html`, `IsInternalNote`, then the
 * attachments' `ServiceId` (absent: the firm's default for messages) and repeated `Tags`, every field
 * before the first of the repeated `Files`. Field names are matched case-insensitively.
 */
export const sendMessageFieldsSchema = z.object({
  html: requiredHtml,
  isInternalNote: booleanQuery.default(false),
  serviceId: idSchema.optional(),
  tags: z.array(idSchema).max(DOCUMENT_LIMITS.tagsPerDocument).default([]),
});
export type SendMessageFields = z.infer<typeof sendMessageFieldsSchema>;

export const editMessageInputSchema = z.object({ html: requiredHtml });
export type EditMessageInput = z.infer<typeof editMessageInputSchema>;

/** `PUT conversations/{id}` (staff). */
export const updateConversationInputSchema = z
  .object({
    status: conversationStatusSchema.optional(),
    assigneeUserId: idSchema.nullable().optional(),
  })
  .refine((input) => input.status !== undefined || input.assigneeUserId !== undefined, {
    message: 'Change the status or the assignee.',
  });
export type UpdateConversationInput = z.infer<typeof updateConversationInputSchema>;

/** `GET conversations/search`: PostgreSQL's web-search syntax ("quoted phrase", or, -word). */
export const messageSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(MESSAGE_LIMITS.searchQuery),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const messageSearchHitDtoSchema = z.object({
  conversationId: z.number().int(),
  messageId: z.number().int(),
  subject: z.string(),
  clientName: z.string(),
  /** The matching words in context, as plain text with the matches between « and » (no HTML). */
  snippet: z.string(),
  createdAt: z.string(),
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;
export type MessageSearchHitDto = z.infer<typeof messageSearchHitDtoSchema>;
export const messageSearchPageDtoSchema = z.object({
  items: z.array(messageSearchHitDtoSchema),
  totalCount: z.number().int().nonnegative(),
});
export type MessageSearchPageDto = z.infer<typeof messageSearchPageDtoSchema>;
