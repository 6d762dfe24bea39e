import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  listQuerySchema,
  requestScheduleInputSchema,
  requestScheduleListSchema,
  requestScheduleSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { RequestSchedulesService } from './request-schedules.service.js';

const tags = ['document'];
const BASE = '/document/request-schedules';

export const requestSchedulesRoutes: FastifyPluginAsyncZod<{ schedules: RequestSchedulesService }> = async (
  app,
  { schedules },
) => {
  app.get(
    BASE,
    {
      config: { permission: 'request-schedule:list' },
      schema: {
        tags,
        summary: 'Recurring requests, by name, paged',
        querystring: listQuerySchema.pick({ limit: true, offset: true }),
        response: { 200: requestScheduleListSchema },
      },
    },
    async (request) => schedules.list(request.query),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: 'request-schedule:list' },
      schema: {
        tags,
        summary: 'A recurring request',
        params: idParamsSchema,
        response: { 200: requestScheduleSchema },
      },
    },
    async (request, reply) => withEtag(reply, await schedules.details(request.params.id)),
  );

  app.post(
    BASE,
    {
      config: { permission: 'request-schedule:add' },
      schema: {
        tags,
        summary: 'Create a recurring request: template, day of month (1-28), chosen clients or a service’s clients',
        body: requestScheduleInputSchema,
        response: { 201: requestScheduleSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await schedules.create(principalOf(request), requestContext(request), request.body)),
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { permission: 'request-schedule:edit' },
      schema: {
        tags,
        summary: 'Edit a recurring request; the requests it already made do not change',
        params: idParamsSchema,
        body: requestScheduleInputSchema,
        response: { 200: requestScheduleSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await schedules.update(
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
      config: { permission: 'request-schedule:delete' },
      schema: {
        tags,
        summary: 'Delete a recurring request; the requests it made stay',
        params: idParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await schedules.delete(principalOf(request), requestContext(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );
};
