import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allClientsQuerySchema,
  clientDefaultFiltersDtoSchema,
  clientDetailsPanelDtoSchema,
  clientOwnerEmailParamsSchema,
  clientSummaryDtoSchema,
  clientUsersQuerySchema,
  createClientInputSchema,
  createdClientDtoSchema,
  dropdownOptionSchema,
  exportClientsQuerySchema,
  idParamsSchema,
  listClientsQuerySchema,
  pagedClientsSchema,
  sendClientEmailInputSchema,
  sendClientEmailQuerySchema,
  sendClientEmailResultSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { IF_MATCH_NOTE, ifMatchOf } from '../../lib/row-version.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/index.js';
import type { ClientsService } from './clients.service.js';

const PERMISSION = {
  list: 'client:list',
  view: 'client:view',
  add: 'client:add',
  changeStatus: 'client:change-status',
  delete: 'client:delete',
  export: 'client:export',
  sendEmail: 'client:send-email',
} as const;

const tags = ['document'];

export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  app.get(
    '/document/clients',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Clients, filtered, sorted and paged',
        description:
          'taxpayerIdentificationNumber and socialSecurityNumber match the exact number only (with or without ' +
          'dashes); lists show them masked.',
        querystring: listClientsQuerySchema,
        response: { 200: pagedClientsSchema },
      },
    },
    async (request) => clients.list(request.query, principalOf(request)),
  );

  app.get(
    '/document/clients/all',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Every visible client as a bare array, optionally filtered by name (text)',
        querystring: allClientsQuerySchema,
        response: { 200: z.array(clientSummaryDtoSchema) },
      },
    },
    async (request) => clients.all(request.query.text, principalOf(request)),
  );

  app.get(
    '/document/clients/default-filters',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: "The list's starting filter: an employee's department's lowest-id service",
        response: { 200: clientDefaultFiltersDtoSchema },
      },
    },
    async (request) => clients.defaultFilters(principalOf(request)),
  );

  app.get(
    '/document/clients/export',
    {
      config: { permission: PERMISSION.export },
      schema: {
        tags,
        summary: 'The clients of the list (same filters and sort) as an .xlsx file, SSN/TIN masked',
        querystring: exportClientsQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await clients.export(request.query, principalOf(request), requestContext(request));
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/document/clients/send-email',
    {
      config: { permission: PERMISSION.sendEmail, idempotent: true },
      schema: {
        tags,
        summary: 'Queue one e-mail to every client of the filtered list that has an address',
        description:
          'The filters come in the query string, as for the list. The HTML body is sanitised to basic ' +
          'formatting and http(s)/mailto links.',
        querystring: sendClientEmailQuerySchema,
        body: sendClientEmailInputSchema,
        response: { 200: sendClientEmailResultSchema },
      },
    },
    async (request) => clients.sendEmail(request.query, request.body, principalOf(request), requestContext(request)),
  );

  app.get(
    '/document/clients/owner-email/:emailAddress/is-available',
    {
      config: { permission: PERMISSION.add },
      schema: {
        tags,
        summary: "Whether no user has this e-mail address: the create-client form's new owner",
        params: clientOwnerEmailParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => clients.isOwnerEmailAvailable(request.params.emailAddress),
  );

  app.get(
    '/identity/users/clients',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: ['identity'],
        summary: 'Active client users whose name or e-mail contains text (above 2 characters), at most 20',
        querystring: clientUsersQuerySchema,
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async (request) => clients.clientUserOptions(request.query.text),
  );

  app.get(
    '/document/clients/:id/details',
    {
      config: { permission: PERMISSION.view },
      schema: {
        tags,
        summary: "The details panel: everything but the secrets in full (SSN/TIN masked, birth date's year)",
        params: idParamsSchema,
        response: { 200: clientDetailsPanelDtoSchema },
      },
    },
    async (request) => clients.details(request.params.id, principalOf(request)),
  );

  app.post(
    '/document/clients',
    {
      config: { permission: PERMISSION.add },
      schema: {
        tags,
        summary: 'Create a client with an existing owner (ownerUserId) or a new client user (newOwner)',
        description:
          "Business needs name; personal firstName and lastName. The client's advisor is the owner's advisor.",
        body: createClientInputSchema,
        response: { 201: createdClientDtoSchema },
      },
    },
    async (request, reply) => {
      const created = await clients.create(request.body, principalOf(request), requestContext(request));
      return reply.status(201).send(created);
    },
  );

  for (const [action, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.patch(
      `/document/clients/:id/${action}`,
      {
        config: { permission: PERMISSION.changeStatus },
        schema: {
          tags,
          summary: `${isActive ? 'Activate' : 'Deactivate'} a client`,
          description: `The list's rows carry each client's \`version\`. ${IF_MATCH_NOTE}`,
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await clients.setActive(
          request.params.id,
          isActive,
          principalOf(request),
          requestContext(request),
          ifMatchOf(request),
        );
        return reply.status(204).send(null);
      },
    );
  }

  app.delete(
    '/document/clients/:id',
    {
      config: { permission: PERMISSION.delete },
      schema: {
        tags,
        summary: 'Delete a client with its services and collaborators',
        description: `The list's rows carry each client's \`version\`. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await clients.delete(request.params.id, principalOf(request), requestContext(request), ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );
};
