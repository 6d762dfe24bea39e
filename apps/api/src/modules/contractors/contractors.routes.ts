import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessContractorDtoSchema,
  businessContractorFormSchema,
  CONTRACTOR_TYPE,
  contractorClientDtoSchema,
  contractorClientsQuerySchema,
  contractorInputSchema,
  contractorListDtoSchema,
  contractorListItemDtoSchema,
  contractorPaymentIntentResultSchema,
  exportContractorsQuerySchema,
  idParamsSchema,
  individualContractorDtoSchema,
  individualContractorFormSchema,
  listContractorsQuerySchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/index.js';
import type { ContractorsService } from './contractors.service.js';

const PERMISSION = {
  list: 'contractor:list',
  add: 'contractor:add',
  edit: 'contractor:edit',
  delete: 'contractor:delete',
  pay: 'contractor:pay',
  completeOrOpen: 'contractor:complete-or-open',
  export: 'contractor:export',
} as const;

const tags = ['document'];
const noContent = { 204: z.null().describe('No content') };
const BASE = '/document/contractors';

export const contractorsRoutes: FastifyPluginAsyncZod<{ contractors: ContractorsService }> = async (
  app,
  { contractors },
) => {
  app.get(
    BASE,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Contractors of a tax year (default: the current one), filtered, sorted and paged',
        description:
          'Client users see only their business current client (403 otherwise). Identification numbers are ' +
          'masked. totalUnpaidServiceFee and hasAnyItemWithZeroTotalPayment cover the whole year in scope.',
        querystring: listContractorsQuerySchema,
        response: { 200: contractorListDtoSchema },
      },
    },
    async (request) => contractors.list(request.query, principalOf(request)),
  );

  app.get(
    `${BASE}/export`,
    {
      config: { permission: PERMISSION.export },
      schema: {
        tags,
        summary: 'The contractors of the list (same filters and sort) as an .xlsx file, numbers masked',
        description: 'An employee must also belong to the tax department.',
        querystring: exportContractorsQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await contractors.export(
        request.query,
        principalOf(request),
        requestContext(request),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    `${BASE}/clients`,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Business clients whose name contains text (the staff client type-ahead); at most 20',
        description: 'Client users get only their own business current client.',
        querystring: contractorClientsQuerySchema,
        response: { 200: z.array(contractorClientDtoSchema) },
      },
    },
    async (request) => contractors.businessClients(request.query.text, principalOf(request)),
  );

  app.post(
    `${BASE}/payment-intent`,
    {
      config: { permission: PERMISSION.pay, idempotent: true },
      schema: {
        tags,
        summary: "Payment intent for the current client's unpaid contractors of the current tax year",
        description:
          'resultType 1: intent created (or reused), confirm it with stripePaymentClientSecret; 2: no unpaid ' +
          'contractor; 3: a payment for them is in progress. Client users only.',
        response: { 200: contractorPaymentIntentResultSchema },
      },
    },
    async (request) => contractors.createPaymentIntent(principalOf(request), requestContext(request)),
  );

  app.post(
    BASE,
    {
      config: { permission: PERMISSION.add },
      schema: {
        tags,
        summary: 'Add a business or an individual contractor to the current tax year',
        description: 'Client users add to their current client; staff name a business client (clientId).',
        body: contractorInputSchema,
        response: { 201: contractorListItemDtoSchema },
      },
    },
    async (request, reply) => {
      const created = await contractors.insert(request.body, principalOf(request), requestContext(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    `${BASE}/business/:id`,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'A business contractor; the EIN in full only for holders of contractor:edit',
        params: idParamsSchema,
        response: { 200: businessContractorDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await contractors.getBusiness(request.params.id, principalOf(request))),
  );

  app.get(
    `${BASE}/individual/:id`,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'An individual contractor; the SSN/ITIN in full only for holders of contractor:edit',
        params: idParamsSchema,
        response: { 200: individualContractorDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await contractors.getIndividual(request.params.id, principalOf(request))),
  );

  app.put(
    `${BASE}/business/:id`,
    {
      config: { permission: PERMISSION.edit },
      schema: {
        tags,
        summary: 'Edit a business contractor (current tax year, unpaid)',
        description: `Answers the saved contractor with its new version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        body: businessContractorFormSchema,
        response: { 200: contractorListItemDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await contractors.edit(
          request.params.id,
          CONTRACTOR_TYPE.business,
          request.body,
          principalOf(request),
          requestContext(request),
          ifMatchOf(request),
        ),
      ),
  );

  app.put(
    `${BASE}/individual/:id`,
    {
      config: { permission: PERMISSION.edit },
      schema: {
        tags,
        summary: 'Edit an individual contractor (current tax year, unpaid)',
        description: `Answers the saved contractor with its new version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        body: individualContractorFormSchema,
        response: { 200: contractorListItemDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await contractors.edit(
          request.params.id,
          CONTRACTOR_TYPE.individual,
          request.body,
          principalOf(request),
          requestContext(request),
          ifMatchOf(request),
        ),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { permission: PERMISSION.delete },
      schema: {
        tags,
        summary: 'Delete a contractor (current tax year, unpaid)',
        description: `The GET's (or the list row's) version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await contractors.delete(request.params.id, principalOf(request), requestContext(request), ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  for (const [action, isCompleted] of [
    ['complete', true],
    ['open', false],
  ] as const) {
    app.post(
      `${BASE}/:id/${action}`,
      {
        config: { permission: PERMISSION.completeOrOpen, idempotent: false },
        schema: {
          tags,
          summary: isCompleted ? 'Mark a contractor complete' : 'Mark a contractor open (not complete)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await contractors.setCompleted(request.params.id, isCompleted, principalOf(request), requestContext(request));
        return reply.status(204).send(null);
      },
    );
  }
};
