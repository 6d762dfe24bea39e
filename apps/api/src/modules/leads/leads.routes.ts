import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  DOCUMENT_LIMITS,
  LEAD_ATTACHMENT_KINDS,
  idParamsSchema,
  leadBillingInfoInputSchema,
  leadDetailsDtoSchema,
  leadIdsQuerySchema,
  leadStatusDtoSchema,
  listLeadsQuerySchema,
  myLeadDtoSchema,
  pagedLeadsSchema,
} from '@ledgerport/shared';
import { consumeMultipart, type MultipartRefusals } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { contentDisposition, PDF_PREVIEW_CSP, PREVIEW_CSP, SAFE_FILE_HEADERS } from '../documents/index.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/index.js';
import type { LeadFile, LeadsService } from './leads.service.js';

const tags = ['document'];
const PERMISSION = { list: 'lead:list', view: 'lead:view', delete: 'lead:delete', export: 'lead:export' } as const;
const noContent = { 204: z.null().describe('No content') };
const fileResponse = { 200: z.unknown().describe('The file, streamed') };
/** No automatic HEAD twin: it would record a download for a request that receives no file. */
const noHead = { exposeHeadRoute: false } as const;
const attachmentParamsSchema = idParamsSchema.extend({ kind: z.enum(LEAD_ATTACHMENT_KINDS) });
const DOCUMENTS_REFUSALS: MultipartRefusals = {
  subject: 'upload',
  tooManyFiles: { message: 'Send at most three files.' },
};

function sendFile(reply: FastifyReply, file: LeadFile, disposition: 'download' | 'preview') {
  reply.headers(SAFE_FILE_HEADERS).header('content-type', file.contentType);
  if (file.size !== null) reply.header('content-length', file.size);
  if (disposition === 'preview' && file.inline) {
    reply
      .header('content-disposition', contentDisposition('inline', file.fileName))
      .header('content-security-policy', file.contentType === 'application/pdf' ? PDF_PREVIEW_CSP : PREVIEW_CSP);
  } else {
    reply.header('content-disposition', contentDisposition('attachment', file.fileName));
  }
  return reply.send(file.stream);
}

/** Leads list, details, files, export and delete (spec 02), and the lead onboarding after sign-in (spec 01 §4.4). */
export const leadsRoutes: FastifyPluginAsyncZod<{ leads: LeadsService }> = async (app, { leads }) => {
  app.get(
    '/document/leads',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Leads, paged, filtered and sorted (deleted leads never shown)',
        querystring: listLeadsQuerySchema,
        response: { 200: pagedLeadsSchema },
      },
    },
    async (request) => leads.list(request.query),
  );

  app.get(
    '/document/leads/statuses/all',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Every lead status (spec 01 section 4.3)',
        response: { 200: z.array(leadStatusDtoSchema) },
      },
    },
    async () => leads.statuses(),
  );

  app.get(
    '/document/leads/export',
    {
      ...noHead,
      config: { permission: PERMISSION.export },
      schema: {
        tags,
        summary: 'The filtered, sorted leads as a streamed .xlsx',
        querystring: listLeadsQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await leads.export(request.query, principalOf(request), requestContext(request));
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    '/document/leads',
    {
      config: { permission: PERMISSION.delete },
      schema: {
        tags,
        summary: 'Soft-delete leads (any unknown id: 404, nothing deleted)',
        description:
          'Optionally `versions`, one per id in the same order (the list rows’ `version`): any stale one ' +
          'answers 412 STALE_VERSION with `staleIds` and deletes nothing.',
        querystring: leadIdsQuerySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await leads.delete(request.query.ids, principalOf(request), requestContext(request), request.query.versions);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/document/leads/:id/details',
    {
      config: { permission: PERMISSION.view },
      schema: {
        tags,
        summary: 'Every field of a lead; sensitive numbers masked',
        params: idParamsSchema,
        response: { 200: leadDetailsDtoSchema },
      },
    },
    async (request) => leads.details(request.params.id, principalOf(request), requestContext(request)),
  );

  for (const disposition of ['download', 'preview'] as const) {
    app.get(
      `/document/leads/:id/contract/${disposition}`,
      {
        ...noHead,
        config: { permission: PERMISSION.view },
        schema: {
          tags,
          summary: `The accepted contract (PDF), ${disposition}`,
          params: idParamsSchema,
          response: fileResponse,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await leads.contract(request.params.id, principalOf(request), requestContext(request)),
          disposition,
        ),
    );

    app.get(
      `/document/leads/:id/attachments/:kind/${disposition}`,
      {
        ...noHead,
        config: { permission: PERMISSION.view },
        schema: {
          tags,
          summary: `A lead document (tax return, EIN, article of incorporation), ${disposition}`,
          params: attachmentParamsSchema,
          response: fileResponse,
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await leads.attachment(request.params.id, request.params.kind, principalOf(request), requestContext(request)),
          disposition,
        ),
    );
  }

  app.get(
    '/document/leads/me',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags,
        summary: 'My linked lead (lead onboarding after sign-in); 404 without one',
        response: { 200: myLeadDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await leads.myLead(principalOf(request).userId)),
  );

  app.put(
    '/document/leads/me/billing-info',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags,
        summary: 'Billing info of my linked lead (bank numbers encrypted at rest)',
        description: IF_MATCH_NOTE,
        body: leadBillingInfoInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await leads.updateBillingInfo(
        principalOf(request).userId,
        request.body,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  // Multipart only here, in its own scope.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: DOCUMENT_LIMITS.maxFileBytes + 1, files: 3, fields: 10, fieldSize: 1024, parts: 13 },
      throwFileSizeLimit: false,
    });
    scope.put(
      '/document/leads/me/documents',
      {
        config: { permission: ANY_SIGNED_IN },
        schema: {
          tags,
          summary:
            'Documents of my linked lead (multipart: TaxReturnAttachment, EmployerIdentificationNumberAttachment, ' +
            'ArticleOfIncorporationAttachment, each with its Upload…Later flag); completes the onboarding',
          consumes: ['multipart/form-data'],
          response: noContent,
        },
      },
      async (request, reply) => {
        await consumeMultipart(request, DOCUMENTS_REFUSALS, (parts) =>
          leads.updateDocuments(principalOf(request).userId, parts, requestContext(request)),
        );
        return reply.status(204).send(null);
      },
    );
  });
};
