import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  companyDetailsSchema,
  companyOrganizerParamsSchema,
  idParamsSchema,
  listCompaniesQuerySchema,
  pagedCompaniesSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { contentDisposition, SAFE_FILE_HEADERS } from '../documents/index.js';
import type { Actor, CompaniesService } from './companies.service.js';

const tags = ['company'];

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/** Staff list and details of formed companies (spec 03 "Companies list", "Company details"). */
export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (app, { companies }) => {
  app.get(
    '/company/companies',
    {
      config: { permission: 'company:list' },
      schema: {
        tags,
        summary: 'Formed companies, newest first (columns are not sortable)',
        querystring: listCompaniesQuerySchema,
        response: { 200: pagedCompaniesSchema },
      },
    },
    async (request) => companies.list(request.query),
  );

  app.get(
    '/company/companies/:id',
    {
      config: { permission: 'company:view' },
      schema: {
        tags,
        summary: 'Every section of a company; the social security number masked',
        params: idParamsSchema,
        response: { 200: companyDetailsSchema },
      },
    },
    async (request) => companies.details(actorOf(request), request.params.id),
  );

  app.get(
    '/company/companies/:id/organizers/:organizerId/passport',
    {
      // A HEAD twin would run the handler and record a download that sends no file.
      exposeHeadRoute: false,
      config: { permission: 'company:view' },
      schema: {
        tags,
        summary: "A non-resident organizer's passport main page, as an attachment",
        params: companyOrganizerParamsSchema,
        response: { 200: z.unknown().describe('The file, streamed') },
      },
    },
    async (request, reply) => {
      const file = await companies.passport(actorOf(request), request.params.id, request.params.organizerId);
      return reply
        .headers(SAFE_FILE_HEADERS)
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .send(file.stream);
    },
  );
};
