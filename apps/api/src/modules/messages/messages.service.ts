import {
  CONVERSATION_STATUS,
  ERROR_CODE,
  NOTIFICATION_KIND,
  hasPermission,
  isBlankHtml,
  MESSAGE_EDIT_WINDOW_MINUTES,
  MESSAGE_ERROR,
  type BulkConversationInput,
  type BulkConversationResult,
  type ConversationDto,
  type ConversationListQuery,
  type ConversationPageDto,
  type ConversationReadDto,
  type EditMessageInput,
  type MessageDto,
  type MessagePageDto,
  type MessagePageQuery,
  type MessageSearchPageDto,
  type MessageSearchQuery,
  type ParticipantDto,
  type SendMessageInput,
  type StartConversationInput,
  type UpdateConversationInput,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.js';
import { assertCurrentVersion } from '../../lib/row-version.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from '../clients/index.js';
import type { ConversationSignals, NotificationPublisher } from '../notifications/index.js';
import {
  conversationScopeOf,
  type ConversationIdInScope,
  type ConversationScope,
  type ConversationTargetInScope,
} from './conversation-scope.js';
import { previewOf, searchableText, snippetOf } from './message-text.js';
import type { ConversationRow, MessageRow, MessagesRepository } from './messages.repository.js';

/** Legacy subjects encrypted per query, so a large table is never loaded whole. */
const SUBJECT_BATCH = 200;

type Caller = Pick<Principal, 'userId' | 'isClient' | 'currentClientId' | 'permissions'>;

/** The sanitised HTML of a message and what is kept of it for search: never the digits. */
interface PreparedText {
  html: string;
  plain: string;
}

function invalidField(field: string, message: string, code: string = ERROR_CODE.validation): BadRequestError {
  return new BadRequestError(message, code, [{ in: 'body', field, message }]);
}

function personName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ''}`.trim();
}

export type MessagesService = ReturnType<typeof createMessagesService>;

/**
 * Secure messages (docs/messages.md): conversations of one client between its people and the
 * firm's, messages encrypted at rest and searchable through a vector without digit runs, internal
 * notes the client's side never receives, read marks per person. Every change runs in one
 * transaction with its audit event and its notification.
 */
export function createMessagesService({
  db,
  repository,
  audit,
  fieldCrypto,
  notifications,
  signals,
  now = () => new Date(),
}: {
  db: Db;
  repository: MessagesRepository;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  /** Tells the conversation's people of a new message, from inside the transaction that sent it. */
  notifications: NotificationPublisher;
  /** Tells every open stream allowed to see a conversation that it changed, from inside the change's transaction. */
  signals: Pick<ConversationSignals, 'changed'>;
  /** The edit window is counted on this clock. */
  now?: () => Date;
}) {
  function prepare(html: string, field = 'html'): PreparedText {
    const sanitised = sanitizeRichText(html);
    if (isBlankHtml(sanitised)) {
      throw invalidField(
        field,
        'The message has no text left once its formatting is cleaned.',
        MESSAGE_ERROR.emptyText,
      );
    }
    return { html: sanitised, plain: richTextToPlain(sanitised) };
  }

  function plainOf(htmlEncrypted: string): string {
    return richTextToPlain(fieldCrypto.decrypt(htmlEncrypted));
  }

  /** The subject as stored: encrypted, or still in clear on a row the start-up job has not reached. */
  function subjectOf(row: { subjectEncrypted: string | null; subjectInClear: string | null }): string {
    return row.subjectEncrypted === null ? (row.subjectInClear ?? '') : fieldCrypto.decrypt(row.subjectEncrypted);
  }

  function requireStaff(caller: Caller): void {
    if (caller.isClient) throw new ForbiddenError('Only the firm does this.');
  }

  /** Internal notes are the firm's and need their own permission, whatever a role edit granted a client. */
  function requireNoteAllowed(caller: Caller): void {
    if (caller.isClient || !hasPermission(caller.permissions, 'message:note')) {
      throw new AppError(403, MESSAGE_ERROR.internalNoteNotAllowed, 'Only the firm adds internal notes.');
    }
  }

  /**
   * Files become ordinary documents of the client: sending them is an upload (`my-upload:add`), and
   * never on an internal note, whose files the client's people could open among their documents.
   */
  function requireFilesAllowed(caller: Caller, isInternalNote: boolean): void {
    if (isInternalNote) {
      throw new BadRequestError('An internal note cannot carry files.', MESSAGE_ERROR.noteWithFiles, [
        { in: 'body', field: 'files', message: 'An internal note cannot carry files.' },
      ]);
    }
    if (!hasPermission(caller.permissions, 'my-upload:add')) throw new ForbiddenError();
  }

  async function record(
    caller: Caller,
    context: RequestContext,
    action: AuditAction,
    conversation: { id: number; clientId: number },
    details: Record<string, unknown>,
    tx: DbOrTx,
  ): Promise<void> {
    await audit.record(
      context,
      {
        action,
        actorUserId: caller.userId,
        objectType: 'conversation',
        objectId: conversation.id,
        clientId: conversation.clientId,
        details,
      },
      tx,
    );
  }

  /**
   * The notification of a new message: to the client's people (never for an internal note) and to
   * the conversation's staff (docs/messages.md). It says a message is waiting, never what it says.
   */
  async function announce(
    caller: Caller,
    conversation: { id: ConversationIdInScope; clientId: number },
    messageId: number,
    isInternalNote: boolean,
    tx: DbOrTx,
  ): Promise<void> {
    const scope = conversationScopeOf(caller);
    const found = await repository.find(scope, conversation.id, tx);
    const people = found ? await repository.participants(scope, [found], tx) : [];
    await notifications.publish(
      {
        kind: NOTIFICATION_KIND.messageReceived,
        clientId: conversation.clientId,
        actorUserId: caller.userId,
        conversationId: conversation.id,
        messageId,
        isInternalNote,
        staffUserIds: people.filter((person) => person.isStaff).map((person) => person.userId),
      },
      tx,
    );
  }

  async function conversationDtos(
    scope: ConversationScope,
    rows: readonly ConversationRow[],
    tx: DbOrTx = db,
  ): Promise<ConversationDto[]> {
    const people = await repository.participants(scope, rows, tx);
    const attachmentServiceId = rows.length === 0 ? null : await repository.defaultAttachmentServiceId(tx);
    return rows.map((row) => ({
      id: row.id,
      clientId: row.clientId,
      clientName: row.clientName,
      subject: subjectOf(row),
      status: row.status,
      assignee:
        row.assigneeUserId === null
          ? null
          : { userId: row.assigneeUserId, name: personName(row.assigneeFirstName, row.assigneeLastName) ?? '' },
      lastActivityAt: row.lastActivityAt.toISOString(),
      lastMessagePreview:
        row.lastMessageHtmlEncrypted === null ? null : previewOf(plainOf(row.lastMessageHtmlEncrypted)),
      unreadCount: row.unreadCount,
      participants: people
        .filter((person) => person.conversationId === row.id)
        .map((person): ParticipantDto => ({
          userId: person.userId,
          name: person.name,
          isStaff: person.isStaff,
          seenAt: person.seenAt?.toISOString() ?? null,
        })),
      attachmentServiceId,
      version: row.version,
    }));
  }

  async function conversationDto(scope: ConversationScope, id: number, tx: DbOrTx = db): Promise<ConversationDto> {
    const row = await repository.find(scope, id, tx);
    if (!row) throw new NotFoundError('Conversation not found.');
    return (await conversationDtos(scope, [row], tx))[0]!;
  }

  function editableBy(caller: Caller, row: { authorUserId: number | null; createdAt: Date }): boolean {
    return (
      row.authorUserId === caller.userId &&
      now().getTime() - row.createdAt.getTime() < MESSAGE_EDIT_WINDOW_MINUTES * 60_000
    );
  }

  async function messageDtos(
    caller: Caller,
    scope: ConversationScope,
    rows: readonly MessageRow[],
    tx: DbOrTx = db,
  ): Promise<MessageDto[]> {
    const files = await repository.attachments(
      scope,
      rows.map((row) => row.id),
      tx,
    );
    return rows.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      author: {
        userId: row.authorUserId,
        name: personName(row.authorFirstName, row.authorLastName) ?? 'Former user',
        isStaff: row.authorUserId !== null && row.authorIsStaff,
      },
      html: fieldCrypto.decrypt(row.htmlEncrypted),
      isInternalNote: row.isInternalNote,
      attachments: files
        .filter((file) => file.messageId === row.id)
        .map(({ documentId, name, size }) => ({ documentId, name, size })),
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      editable: editableBy(caller, row),
      version: row.version,
    }));
  }

  async function findMessageDto(
    caller: Caller,
    scope: ConversationScope,
    conversationId: ConversationIdInScope,
    messageId: number,
    tx: DbOrTx,
  ): Promise<MessageDto> {
    // The newest page holds a message just sent or edited only by chance: read the one row instead.
    const { rows } = await repository.messages(scope, conversationId, { before: messageId + 1, limit: 1 }, tx);
    const row = rows.find((candidate) => candidate.id === messageId);
    if (!row) throw new NotFoundError('Message not found.');
    return (await messageDtos(caller, scope, [row], tx))[0]!;
  }

  /** A conversation with its first message, for a client already checked within the caller's scope. */
  async function startOne(
    caller: Caller,
    context: RequestContext,
    clientId: ConversationTargetInScope,
    subject: string,
    text: PreparedText,
    tx: DbOrTx,
    bulk: boolean,
  ): Promise<ConversationIdInScope> {
    const conversationId = await repository.insertConversation(
      clientId,
      { subjectEncrypted: fieldCrypto.encrypt(subject), createdByUserId: caller.userId },
      tx,
    );
    const messageId = await repository.insertMessage(
      conversationId,
      {
        authorUserId: caller.userId,
        isInternalNote: false,
        htmlEncrypted: fieldCrypto.encrypt(text.html),
        searchText: searchableText(text.plain),
        searchSubject: searchableText(subject),
      },
      tx,
    );
    await repository.markRead(conversationScopeOf(caller), conversationId, tx);
    // Neither the subject nor the text goes into the trail: both may hold what the firm encrypts.
    await record(
      caller,
      context,
      AUDIT_ACTION.conversationStarted,
      { id: conversationId, clientId },
      { messageId, length: text.plain.length, ...(bulk ? { bulk: true } : {}) },
      tx,
    );
    await announce(caller, { id: conversationId, clientId }, messageId, false, tx);
    await signals.changed(conversationId, { staffOnly: false }, tx);
    return conversationId;
  }

  /**
   * A new message in a conversation the caller may see, within `tx`, with its attachments (documents
   * filed in the same transaction). A client's message reopens a closed conversation.
   */
  async function sendWithin(
    caller: Caller,
    context: RequestContext,
    id: number,
    input: SendMessageInput,
    documentIds: readonly number[],
    tx: DbOrTx,
  ): Promise<MessageDto> {
    if (input.isInternalNote) requireNoteAllowed(caller);
    if (documentIds.length > 0) requireFilesAllowed(caller, input.isInternalNote);
    const text = prepare(input.html);
    const scope = conversationScopeOf(caller);
    const conversation = await repository.lock(scope, id, tx);
    if (!conversation) throw new NotFoundError('Conversation not found.');
    const current = await repository.find(scope, id, tx);
    const reopen = caller.isClient && current?.status === CONVERSATION_STATUS.closed;
    const messageId = await repository.insertMessage(
      conversation.id,
      {
        authorUserId: caller.userId,
        isInternalNote: input.isInternalNote,
        htmlEncrypted: fieldCrypto.encrypt(text.html),
        searchText: searchableText(text.plain),
        searchSubject: null,
      },
      tx,
    );
    await repository.linkAttachments(messageId, documentIds, tx);
    await repository.touch(conversation.id, { clientVisible: !input.isInternalNote, reopen }, tx);
    await repository.markRead(scope, conversation.id, tx);
    await record(
      caller,
      context,
      AUDIT_ACTION.messageSent,
      conversation,
      { messageId, isInternalNote: input.isInternalNote, length: text.plain.length, documentIds },
      tx,
    );
    if (reopen) {
      await record(
        caller,
        context,
        AUDIT_ACTION.conversationUpdated,
        conversation,
        { status: { from: CONVERSATION_STATUS.closed, to: CONVERSATION_STATUS.open }, byMessage: messageId },
        tx,
      );
    }
    await announce(caller, conversation, messageId, input.isInternalNote, tx);
    // A note is the firm's alone; a client's people hear nothing of it, not even that something changed.
    await signals.changed(conversation.id, { staffOnly: input.isInternalNote }, tx);
    return findMessageDto(caller, scope, conversation.id, messageId, tx);
  }

  return {
    async list(caller: Caller, query: ConversationListQuery): Promise<ConversationPageDto> {
      const scope = conversationScopeOf(caller);
      // Client users have no one assigned to them: the assignee filters are the firm's inbox.
      const filters = caller.isClient ? { ...query, assigned: undefined } : query;
      const { rows, totalCount, unreadConversations } = await repository.list(scope, filters);
      return { items: await conversationDtos(scope, rows), totalCount, unreadConversations };
    },

    async details(caller: Caller, id: number): Promise<ConversationDto> {
      return conversationDto(conversationScopeOf(caller), id);
    },

    async start(caller: Caller, context: RequestContext, input: StartConversationInput): Promise<ConversationDto> {
      const text = prepare(input.html);
      let clientId: number;
      if (caller.isClient) {
        // A client user writes for the client they act for; naming another is outside their scope.
        if (caller.currentClientId === null || (input.clientId ?? caller.currentClientId) !== caller.currentClientId) {
          throw new NotFoundError('Client not found.');
        }
        clientId = caller.currentClientId;
      } else {
        if (input.clientId === undefined) throw invalidField('clientId', 'This field is required');
        clientId = input.clientId;
      }
      return db.transaction(async (tx) => {
        const [target] = await repository.clientsInScope(clientScopeOf(caller), [clientId], tx);
        if (target === undefined) throw new NotFoundError('Client not found.');
        const id = await startOne(caller, context, target, input.subject, text, tx, false);
        return conversationDto(conversationScopeOf(caller), id, tx);
      });
    },

    /**
     * The same first message to many clients, one conversation each, in one transaction: a client
     * outside the caller's scope refuses the whole send (404), so nothing is sent to a part of it.
     */
    async bulk(caller: Caller, context: RequestContext, input: BulkConversationInput): Promise<BulkConversationResult> {
      requireStaff(caller);
      const text = prepare(input.html);
      const ids = [...new Set(input.clientIds)];
      return db.transaction(async (tx) => {
        const targets = await repository.clientsInScope(clientScopeOf(caller), ids, tx);
        if (targets.length !== ids.length) throw new NotFoundError('Client not found.');
        for (const target of targets) await startOne(caller, context, target, input.subject, text, tx, true);
        return { started: targets.length };
      });
    },

    /** Status and assignee (staff): a conditional save like every edit. */
    async update(
      caller: Caller,
      context: RequestContext,
      id: number,
      input: UpdateConversationInput,
      expected: string[] | null = null,
    ): Promise<ConversationDto> {
      requireStaff(caller);
      return db.transaction(async (tx) => {
        const scope = conversationScopeOf(caller);
        const locked = await repository.lock(scope, id, tx);
        if (!locked) throw new NotFoundError('Conversation not found.');
        await assertCurrentVersion(tx, {
          current: locked.version,
          expected,
          objectType: 'conversation',
          objectId: id,
        });
        const before = (await repository.find(scope, id, tx))!;
        if (
          input.assigneeUserId !== undefined &&
          input.assigneeUserId !== null &&
          !(await repository.isAssignableStaff(input.assigneeUserId, tx))
        ) {
          throw invalidField(
            'assigneeUserId',
            'Assign the conversation to an active staff member who reads messages.',
            MESSAGE_ERROR.assigneeNotStaff,
          );
        }
        const change = {
          ...(input.status === undefined ? {} : { status: input.status }),
          ...(input.assigneeUserId === undefined ? {} : { assigneeUserId: input.assigneeUserId }),
        };
        await repository.update(locked.id, change, tx);
        await record(
          caller,
          context,
          AUDIT_ACTION.conversationUpdated,
          locked,
          {
            ...(input.status === undefined ? {} : { status: { from: before.status, to: input.status } }),
            ...(input.assigneeUserId === undefined
              ? {}
              : { assigneeUserId: { from: before.assigneeUserId, to: input.assigneeUserId } }),
          },
          tx,
        );
        await signals.changed(locked.id, { staffOnly: false }, tx);
        return conversationDto(scope, id, tx);
      });
    },

    async messages(caller: Caller, id: number, query: MessagePageQuery): Promise<MessagePageDto> {
      const scope = conversationScopeOf(caller);
      const conversation = await repository.find(scope, id);
      if (!conversation) throw new NotFoundError('Conversation not found.');
      const { rows, hasOlder } = await repository.messages(scope, conversation.id, query);
      return { items: await messageDtos(caller, scope, [...rows].reverse()), hasOlder };
    },

    /** A message without attachments. */
    async send(caller: Caller, context: RequestContext, id: number, input: SendMessageInput): Promise<MessageDto> {
      return db.transaction((tx) => sendWithin(caller, context, id, input, [], tx));
    },

    sendWithin,

    /**
     * Where a message's attachments are filed, checked before a byte of them is stored: the
     * conversation's client, under the chosen service or the firm's default for messages.
     */
    async attachmentTarget(
      caller: Caller,
      id: number,
      input: Pick<SendMessageInput, 'html' | 'isInternalNote'> & { serviceId?: number },
    ): Promise<{ clientId: number; serviceId: number }> {
      if (input.isInternalNote) requireNoteAllowed(caller);
      requireFilesAllowed(caller, input.isInternalNote);
      prepare(input.html);
      const scope = conversationScopeOf(caller);
      const conversation = await repository.find(scope, id);
      if (!conversation) throw new NotFoundError('Conversation not found.');
      const serviceId = input.serviceId ?? (await repository.defaultAttachmentServiceId());
      if (serviceId === null) {
        throw invalidField(
          'serviceId',
          'Choose the service the attachments are filed under: the firm has no default for messages.',
          MESSAGE_ERROR.noAttachmentService,
        );
      }
      if (!(await repository.canFileUnder(scope, conversation.id, serviceId))) {
        throw invalidField('serviceId', 'The attachments cannot be filed under this service for this client.');
      }
      return { clientId: conversation.clientId, serviceId };
    },

    /**
     * The author's edit within the window (If-Match on the message's version): the earlier text
     * goes into the audit event, still encrypted, and the message shows as edited.
     */
    async edit(
      caller: Caller,
      context: RequestContext,
      id: number,
      messageId: number,
      input: EditMessageInput,
      expected: string[] | null = null,
    ): Promise<MessageDto> {
      const text = prepare(input.html);
      return db.transaction(async (tx) => {
        const scope = conversationScopeOf(caller);
        const conversation = await repository.lock(scope, id, tx);
        if (!conversation) throw new NotFoundError('Conversation not found.');
        const message = await repository.findMessage(scope, conversation.id, messageId, tx, true);
        if (!message) throw new NotFoundError('Message not found.');
        if (message.authorUserId !== caller.userId) {
          throw new AppError(403, MESSAGE_ERROR.notAuthor, 'Only its author edits a message.');
        }
        if (!editableBy(caller, message)) {
          throw new AppError(
            409,
            MESSAGE_ERROR.editWindowClosed,
            `A message can be edited for ${MESSAGE_EDIT_WINDOW_MINUTES} minutes after it was sent.`,
          );
        }
        await assertCurrentVersion(tx, {
          current: message.version,
          expected,
          objectType: 'conversation-message',
          objectId: messageId,
        });
        const subject = message.isFirst ? subjectOf((await repository.find(scope, id, tx))!) : null;
        await repository.updateMessage(
          conversation.id,
          messageId,
          {
            htmlEncrypted: fieldCrypto.encrypt(text.html),
            searchText: searchableText(text.plain),
            searchSubject: subject === null ? null : searchableText(subject),
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.messageEdited,
            actorUserId: caller.userId,
            objectType: 'conversation-message',
            objectId: messageId,
            clientId: conversation.clientId,
            // The earlier text as it was stored: encrypted, readable only with the field key.
            details: { conversationId: conversation.id, earlierHtmlEncrypted: message.htmlEncrypted },
          },
          tx,
        );
        await signals.changed(conversation.id, { staffOnly: message.isInternalNote }, tx);
        return findMessageDto(caller, scope, conversation.id, messageId, tx);
      });
    },

    /** The caller has seen everything up to the newest message they may see. */
    async markRead(caller: Caller, id: number): Promise<ConversationReadDto> {
      return db.transaction(async (tx) => {
        const scope = conversationScopeOf(caller);
        const conversation = await repository.find(scope, id, tx);
        if (!conversation) throw new NotFoundError('Conversation not found.');
        await repository.markRead(scope, conversation.id, tx);
        return {
          conversation: await conversationDto(scope, id, tx),
          unreadConversations: await repository.unreadConversations(scope, tx),
        };
      });
    },

    /**
     * Encrypts every subject still in clear (conversations started before subjects were encrypted);
     * the start-up job runs it. Returns how many it encrypted.
     */
    async encryptClearSubjects(): Promise<number> {
      let encrypted = 0;
      // Walks forward by id, so a row that cannot be replaced is never read twice.
      for (let afterId = 0; ;) {
        const batch = await repository.findClearSubjects(afterId, SUBJECT_BATCH);
        for (const row of batch) {
          afterId = row.id;
          await repository.replaceClearSubject(row.id, row.subject, fieldCrypto.encrypt(row.subject));
        }
        encrypted += batch.length;
        if (batch.length < SUBJECT_BATCH) return encrypted;
      }
    },

    async search(caller: Caller, query: MessageSearchQuery): Promise<MessageSearchPageDto> {
      const { rows, totalCount } = await repository.search(conversationScopeOf(caller), query);
      return {
        items: rows.map((row) => ({
          conversationId: row.conversationId,
          messageId: row.messageId,
          subject: subjectOf(row),
          clientName: row.clientName,
          snippet: snippetOf(plainOf(row.htmlEncrypted), query.q),
          createdAt: row.createdAt.toISOString(),
        })),
        totalCount,
      };
    },
  };
}
