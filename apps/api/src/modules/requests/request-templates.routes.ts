import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  listRequestTemplatesQuerySchema,
  requestTemplateDetailsSchema,
  requestTemplateInputSchema,
  requestTemplateListSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { RequestTemplatesService } from './request-templates.service.js';

const tags = ['document'];
const BASE = '/document/request-templates';

export const requestTemplatesRoutes: FastifyPluginAsyncZod<{ templates: RequestTemplatesService }> = async (
  app,
  { templates },
) => {
  app.get(
    BASE,
    {
      config: { permission: 'request-template:list' },
      schema: {
        tags,
        summary: 'Request templates, by name, filtered and paged',
        querystring: listRequestTemplatesQuerySchema,
        response: { 200: requestTemplateListSchema },
      },
    },
    async (request) => templates.list(request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'request-template:list' },
      schema: {
        tags,
        summary: 'A template with its items (what a request made from it copies)',
        params: idParamsSchema,
        response: { 200: requestTemplateDetailsSchema },
      },
    },
    async (request, reply) => withEtag(reply, await templates.details(request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'request-template:add' },
      schema: {
        tags,
        summary: 'Create a template: name (unique), title, service, due offset in days, items',
        body: requestTemplateInputSchema,
        response: { 201: requestTemplateDetailsSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await templates.create(principalOf(request), requestContext(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'request-template:edit' },
      schema: {
        tags,
        summary: 'Edit a template; requests already made from it do not change',
        params: idParamsSchema,
        body: requestTemplateInputSchema,
        response: { 200: requestTemplateDetailsSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await templates.update(
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
      config: { permission: 'request-template:delete' },
      schema: {
        tags,
        summary: 'Delete a template; 409 REQUEST_TEMPLATE_IN_USE while a recurring request uses it',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await templates.delete(principalOf(request), requestContext(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );
};
