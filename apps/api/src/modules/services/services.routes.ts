import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idParamsSchema,
  listServicesQuerySchema,
  pagedServicesSchema,
  serviceDisplayNameParamsSchema,
  serviceDtoSchema,
  serviceInputSchema,
  serviceNameParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { Actor, ServicesService } from './services.service.js';

const TAGS = ['document'];

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/**
 * Services administration (spec 01 sections 2.15, 4.7, 5 and 7). `document/services/all` and the
 * services' main-group tags are the catalog module's (home screen and upload).
 */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (app, { services }) => {
  app.get(
    '/document/services',
    {
      config: { permission: 'service:list' },
      schema: {
        tags: TAGS,
        summary: 'Services, one page; icons only with includeIcons=true',
        querystring: listServicesQuerySchema,
        response: { 200: pagedServicesSchema },
      },
    },
    async (request) => services.list(request.query),
  );

  app.get(
    '/document/services/name/:name/is-available',
    {
      config: { permission: 'service:add|service:edit' },
      schema: {
        tags: TAGS,
        summary: 'Whether no service has this name (case-insensitive)',
        params: serviceNameParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => services.isAvailable('name', request.params.name),
  );

  app.get(
    '/document/services/display-name/:displayName/is-available',
    {
      config: { permission: 'service:add|service:edit' },
      schema: {
        tags: TAGS,
        summary: 'Whether no service has this display name (case-insensitive)',
        params: serviceDisplayNameParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => services.isAvailable('displayName', request.params.displayName),
  );

  app.get(
    '/document/services/:id',
    {
      config: { permission: 'service:list' },
      schema: {
        tags: TAGS,
        summary: 'One service with its icon; ETag and `version` are what a save sends as If-Match',
        params: idParamsSchema,
        response: { 200: serviceDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await services.get(request.params.id)),
  );

  app.post(
    '/document/services',
    {
      config: { permission: 'service:add' },
      schema: {
        tags: TAGS,
        summary: 'Create a service (listIcon: base64 PNG of at most 256 KB, or null for the default icon)',
        body: serviceInputSchema,
        response: { 201: serviceDtoSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await services.create(actorOf(request), request.body)),
  );

  app.put(
    '/document/services/:id',
    {
      config: { permission: 'service:edit' },
      schema: {
        tags: TAGS,
        summary: 'Edit a service; the body replaces it, icon included',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        body: serviceInputSchema,
        response: { 200: serviceDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await services.update(actorOf(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/document/services/:id',
    {
      config: { permission: 'service:delete' },
      schema: {
        tags: TAGS,
        summary: 'Delete a service no client uses (deactivate it otherwise)',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await services.remove(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/document/services/:id/activate',
    {
      config: { permission: 'service:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Activate a service',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 200: serviceDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await services.activate(actorOf(request), request.params.id, ifMatchOf(request))),
  );

  app.patch(
    '/document/services/:id/deactivate',
    {
      config: { permission: 'service:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Deactivate a service: it stays on clients and documents but is no longer offered',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 200: serviceDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await services.deactivate(actorOf(request), request.params.id, ifMatchOf(request))),
  );
};
