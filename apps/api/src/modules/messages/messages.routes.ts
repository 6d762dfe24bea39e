import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkConversationInputSchema,
  bulkConversationResultSchema,
  conversationDtoSchema,
  conversationListQuerySchema,
  conversationMessageParamsSchema,
  conversationPageDtoSchema,
  conversationReadDtoSchema,
  editMessageInputSchema,
  idParamsSchema,
  MESSAGE_EDIT_WINDOW_MINUTES,
  MESSAGE_LIMITS,
  messageDtoSchema,
  messagePageDtoSchema,
  messagePageQuerySchema,
  messageSearchPageDtoSchema,
  messageSearchQuerySchema,
  sendMessageFieldsSchema,
  sendMessageInputSchema,
  startConversationInputSchema,
  updateConversationInputSchema,
  type MessageDto,
  type SendMessageFields,
} from '@ledgerport/shared';
import { invalidBodyFields } from '../../lib/errors.js';
import { consumeMultipart, type IntakePart } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { uploadRefusals, type DocumentUploadService, type UploadLimits } from '../documents/index.js';
import type { MessagesService } from './messages.service.js';

const tags = ['document'];
const BASE = '/document/conversations';

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  app.get(
    BASE,
    {
      config: { permission: 'message:list' },
      schema: {
        tags,
        summary: 'The inbox: conversations the caller may see, by last activity, with unread counts',
        description:
          'Staff see the conversations of every client they can see; a client user those of their current ' +
          'client. Filters: assigned (me, unassigned, any; staff), unread, clientId, status.',
        querystring: conversationListQuerySchema,
        response: { 200: conversationPageDtoSchema },
      },
    },
    async (request) => messages.list(principalOf(request), request.query),
  );

  app.post(
    BASE,
    {
      config: { permission: 'message:send' },
      schema: {
        tags,
        summary: 'Start a conversation with one client, with its first message',
        description:
          'Staff name the client; a client user writes for their current client (clientId may be left out; ' +
          'another client answers 404). The text is sanitised like announcements and encrypted at rest.',
        body: startConversationInputSchema,
        response: { 201: conversationDtoSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(withEtag(reply, await messages.start(principalOf(request), requestContext(request), request.body))),
  );

  app.post(
    `${BASE}/bulk`,
    {
      config: { permission: 'message:bulk' },
      schema: {
        tags,
        summary: 'The same first message to many clients: one conversation per client',
        description:
          `At most ${MESSAGE_LIMITS.bulkClients} clients, all in one transaction; a client outside the caller's ` +
          'scope refuses the whole send (404). Staff only.',
        body: bulkConversationInputSchema,
        response: { 201: bulkConversationResultSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.bulk(principalOf(request), requestContext(request), request.body)),
  );

  app.get(
    `${BASE}/search`,
    {
      config: { permission: 'message:list' },
      schema: {
        tags,
        summary: 'Full-text search over the messages the caller may see',
        description:
          'PostgreSQL web-search syntax. The index holds no run of four or more digits (ADR 0013): numbers ' +
          'are not searchable. Each hit has a plain-text snippet with the matches between « and ».',
        querystring: messageSearchQuerySchema,
        response: { 200: messageSearchPageDtoSchema },
      },
    },
    async (request) => messages.search(principalOf(request), request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'message:list' },
      schema: {
        tags,
        summary: 'A conversation with its participants and their read receipts',
        params: idParamsSchema,
        response: { 200: conversationDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await messages.details(principalOf(request), request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'message:manage' },
      schema: {
        tags,
        summary: 'Close, reopen or assign a conversation (staff)',
        description:
          'The assignee must be an active staff member who reads messages (400 MESSAGE_ASSIGNEE_NOT_STAFF); ' +
          `null unassigns. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        body: updateConversationInputSchema,
        response: { 200: conversationDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await messages.update(
          principalOf(request),
          requestContext(request),
          request.params.id,
          request.body,
          ifMatchOf(request),
        ),
      ),
  );

  app.get(
    `${BASE}/:id/messages`,
    {
      config: { permission: 'message:list' },
      schema: {
        tags,
        summary: 'A page of a conversation’s messages, newest last (before: the next page up)',
        description: 'Client users never receive internal notes.',
        params: idParamsSchema,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageDtoSchema },
      },
    },
    async (request) => messages.messages(principalOf(request), request.params.id, request.query),
  );

  app.put(
    `${BASE}/:id/messages/:messageId`,
    {
      config: { permission: 'message:send' },
      schema: {
        tags,
        summary: `Edit one’s own message within ${MESSAGE_EDIT_WINDOW_MINUTES} minutes of sending it`,
        description:
          'Someone else’s message is 403 MESSAGE_NOT_AUTHOR, a late edit 409 MESSAGE_EDIT_WINDOW_CLOSED; the ' +
          `earlier text stays in the audit log, encrypted. ${IF_MATCH_NOTE}`,
        params: conversationMessageParamsSchema,
        body: editMessageInputSchema,
        response: { 200: messageDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await messages.edit(
          principalOf(request),
          requestContext(request),
          request.params.id,
          request.params.messageId,
          request.body,
          ifMatchOf(request),
        ),
      ),
  );

  app.put(
    `${BASE}/:id/read`,
    {
      config: { permission: 'message:list' },
      schema: {
        tags,
        summary: 'Mark the conversation seen up to its newest message the caller may see',
        params: idParamsSchema,
        response: { 200: conversationReadDtoSchema },
      },
    },
    async (request) => messages.markRead(principalOf(request), request.params.id),
  );
};

/** Multipart field names (any case) -> the contract's field. */
const FIELDS: Record<string, keyof SendMessageFields> = {
  html: 'html',
  isinternalnote: 'isInternalNote',
  serviceid: 'serviceId',
  tags: 'tags',
};

/**
 * Sending a message, registered apart with the multipart parser: JSON, or multipart whose files
 * become documents of the conversation's client through the documents' upload pipeline (streamed,
 * sniffed, size-limited, removed again if the message fails) in the message's own transaction.
 */
export const messageSendRoutes: FastifyPluginAsyncZod<{
  messages: MessagesService;
  upload: DocumentUploadService;
  limits: UploadLimits;
}> = async (app, { messages, upload, limits }) => {
  app.post(
    `${BASE}/:id/messages`,
    {
      config: { permission: 'message:send' },
      schema: {
        tags,
        summary: 'Send a message or an internal note (staff with message:note) in a conversation',
        description:
          'JSON, or multipart/form-data with the fields Html, IsInternalNote, ServiceId and repeated Tags before ' +
          `the repeated Files (at most ${MESSAGE_LIMITS.attachmentsPerMessage}). The files become documents of the ` +
          'conversation’s client under ServiceId, or the firm’s default service for messages (400 ' +
          'MESSAGE_NO_ATTACHMENT_SERVICE when neither); one refused file refuses the message. A client’s ' +
          'message reopens a closed conversation.',
        params: idParamsSchema,
        // Multipart leaves the body null: its fields are read from the stream below.
        body: sendMessageInputSchema.nullish(),
        response: { 201: messageDtoSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const context = requestContext(request);
      const { id } = request.params;
      if (!request.isMultipart()) {
        if (request.body === undefined || request.body === null)
          throw invalidBodyFields([{ path: ['html'], message: 'This field is required' }]);
        return reply.status(201).send(await messages.send(principal, context, id, request.body));
      }
      const sent = await consumeMultipart(request, uploadRefusals(limits), async (parts) => {
        const iterator = parts[Symbol.asyncIterator]();
        const raw: Record<string, unknown> = { tags: [] };
        let firstFile: IntakePart | undefined;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          const part = next.value;
          if (part.kind === 'file') {
            firstFile = part;
            break;
          }
          const field = FIELDS[part.name.toLowerCase()];
          if (!field) continue;
          if (part.truncated) throw invalidBodyFields([{ path: [field], message: 'The value is too long.' }]);
          if (field === 'tags') (raw.tags as string[]).push(part.value);
          else raw[field] = part.value;
        }
        const parsed = sendMessageFieldsSchema.safeParse(raw);
        if (!parsed.success) throw invalidBodyFields(parsed.error.issues);
        const fields = parsed.data;
        if (!firstFile) return messages.send(principal, context, id, fields);
        // Checked before a byte is stored: a wrong conversation or service costs no storage.
        const target = await messages.attachmentTarget(principal, id, fields);
        const files = (async function* () {
          yield firstFile;
          for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
        })();
        let message: MessageDto | undefined;
        const { userId, isClient, currentClientId } = principal;
        await upload.upload({ userId, isClient, currentClientId, context }, files, {
          clientId: target.clientId,
          serviceId: target.serviceId,
          tagIds: fields.tags,
          requestItemId: null,
          allOrNothing: true,
          withinTransaction: async (tx, documentIds) => {
            message = await messages.sendWithin(principal, context, id, fields, documentIds, tx);
          },
        });
        return message!;
      });
      return reply.status(201).send(sent);
    },
  );
};
