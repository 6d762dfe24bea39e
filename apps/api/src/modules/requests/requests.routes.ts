import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerItemInputSchema,
  createRequestInputSchema,
  exportClientsQuerySchema,
  REQUEST_BULK_LIMIT,
  sendRequestToClientsInputSchema,
  sendRequestToClientsResultSchema,
  idParamsSchema,
  listRequestsQuerySchema,
  notApplicableInputSchema,
  requestDetailsSchema,
  requestItemParamsSchema,
  requestListSchema,
  returnItemInputSchema,
  updateRequestInputSchema,
  uploadDocumentsResultSchema,
} from '@ledgerport/shared';
import { consumeMultipart } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { uploadRefusals, type DocumentUploadService, type UploadLimits } from '../documents/index.js';
import type { RequestsService } from './requests.service.js';

const tags = ['document'];
const BASE = '/document/requests';
const ITEM = `${BASE}/:id/items/:itemId`;

export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (app, { requests }) => {
  app.get(
    BASE,
    {
      config: { permission: 'request:list' },
      schema: {
        tags,
        summary: 'Requests to clients, filtered, sorted (default: soonest due first) and paged',
        description:
          "Staff see every client's; a client user their current client's (as a collaborator, those of the " +
          'services granted to them). Overdue: open and due before today in the firm’s time zone.',
        querystring: listRequestsQuerySchema,
        response: { 200: requestListSchema },
      },
    },
    async (request) => requests.list(principalOf(request), request.query),
  );

  app.post(
    BASE,
    {
      config: { permission: 'request:add' },
      schema: {
        tags,
        summary: 'Send a request with its items to one client',
        description:
          'The service must be one of the client’s active services, the due date today or later in the firm’s ' +
          'time zone, and each item’s tags must follow the upload’s tag rules for that service. Staff only.',
        body: createRequestInputSchema,
        response: { 201: requestDetailsSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requests.create(principalOf(request), requestContext(request), request.body)),
  );

  // Before `/:id` in reading order only; Fastify prefers the static segment anyway.
  app.post(
    `${BASE}/send-to-clients`,
    {
      config: { permission: 'request:add', idempotent: true },
      schema: {
        tags,
        summary: 'Send one request to every client of the Clients list’s filter that uses the service',
        description:
          'The filters come in the query string, as for the Clients list and its bulk e-mail. One request per ' +
          `client, all in one transaction; at most ${REQUEST_BULK_LIMIT} clients (400 REQUEST_TOO_MANY_CLIENTS), ` +
          'and 400 REQUEST_NO_CLIENT_USES_SERVICE when none uses the service. Staff only.',
        querystring: exportClientsQuerySchema,
        body: sendRequestToClientsInputSchema,
        response: { 200: sendRequestToClientsResultSchema },
      },
    },
    async (request) =>
      requests.sendToClients(principalOf(request), requestContext(request), request.query, request.body),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'request:list' },
      schema: {
        tags,
        summary: 'A request with its items, the client’s answers and files, and the review',
        params: idParamsSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request, reply) => withEtag(reply, await requests.details(principalOf(request), request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'request:edit' },
      schema: {
        tags,
        summary: 'Edit an open request: title, description, due date and items (in their new order)',
        description:
          'Items keep their status by id; an item the client has responded to cannot be removed (409 ' +
          'REQUEST_ITEM_HAS_RESPONSE). 409 REQUEST_NOT_OPEN once completed or cancelled. ' +
          IF_MATCH_NOTE,
        params: idParamsSchema,
        body: updateRequestInputSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await requests.update(
          principalOf(request),
          requestContext(request),
          request.params.id,
          request.body,
          ifMatchOf(request),
        ),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: 'request:delete' },
      schema: {
        tags,
        summary: 'Cancel an open request; it stays listed as cancelled with what the client sent',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await requests.cancel(principalOf(request), requestContext(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${ITEM}/answer`,
    {
      config: { permission: 'request:respond' },
      schema: {
        tags,
        summary: 'Answer an item (client users); it is then submitted for review',
        params: requestItemParamsSchema,
        body: answerItemInputSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request) =>
      requests.answer(
        principalOf(request),
        requestContext(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.put(
    `${ITEM}/not-applicable`,
    {
      config: { permission: 'request:respond' },
      schema: {
        tags,
        summary: 'Mark an item not applicable with a reason (client users); the firm accepts or returns it',
        params: requestItemParamsSchema,
        body: notApplicableInputSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request) =>
      requests.notApplicable(
        principalOf(request),
        requestContext(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.put(
    `${ITEM}/accept`,
    {
      config: { permission: 'request:review' },
      schema: {
        tags,
        summary: 'Accept a submitted item; the request completes when every item is accepted',
        params: requestItemParamsSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request) =>
      requests.accept(principalOf(request), requestContext(request), request.params.id, request.params.itemId),
  );

  app.put(
    `${ITEM}/return`,
    {
      config: { permission: 'request:review' },
      schema: {
        tags,
        summary: 'Return a submitted item for revision with a note the client sees',
        params: requestItemParamsSchema,
        body: returnItemInputSchema,
        response: { 200: requestDetailsSchema },
      },
    },
    async (request) =>
      requests.returnItem(
        principalOf(request),
        requestContext(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );
};

/** The item upload: registered apart, with the multipart parser, like the documents' own upload. */
export const requestFilesRoutes: FastifyPluginAsyncZod<{
  requests: RequestsService;
  upload: DocumentUploadService;
  limits: UploadLimits;
}> = async (app, { requests, upload, limits }) => {
  app.post(
    `${ITEM}/files`,
    {
      config: { permission: 'request:respond' },
      schema: {
        tags,
        summary:
          'Upload files to an item (multipart: Description, then Files repeated; client users). They become ' +
          'documents of the current client with the request’s service and the item’s tags, and the item is submitted.',
        consumes: ['multipart/form-data'],
        params: requestItemParamsSchema,
        response: { 201: uploadDocumentsResultSchema },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const context = requestContext(request);
      const { id, itemId } = request.params;
      // Checked before a byte is read: a wrong item costs no storage.
      const target = await requests.uploadTarget(principal, id, itemId);
      const { userId, isClient, currentClientId } = principal;
      const result = await consumeMultipart(request, uploadRefusals(limits), (parts) =>
        upload.upload({ userId, isClient, currentClientId, context }, parts, {
          clientId: target.request.clientId,
          serviceId: target.request.serviceId,
          tagIds: target.item.tagIds,
          requestItemId: itemId,
          withinTransaction: (tx, documentIds) =>
            requests.markUploaded(principal, context, target.request, itemId, documentIds, tx),
        }),
      );
      return reply.status(201).send(result);
    },
  );
};
