import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  documentIdsQuerySchema,
  documentShareDtoSchema,
  idParamsSchema,
  idSchema,
  shareDocumentInputSchema,
  sharedDocumentDtoSchema,
  shareTokenParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { DOCUMENT_READ_PERMISSION, type DocumentFilesService, type FileDownload } from './document-files.service.js';
import { contentDisposition, PDF_PREVIEW_CSP, PREVIEW_CSP, SAFE_FILE_HEADERS } from './file-headers.js';

const tags = ['document'];
const config = { permission: DOCUMENT_READ_PERMISSION } as const;
const shareParamsSchema = idParamsSchema.extend({ shareId: idSchema });
const fileResponse = { 200: z.unknown().describe('The file, streamed') };
/**
 * No automatic HEAD twin: it would run the handler, recording a download (and counting against the
 * share-link limit) for a request that receives no file.
 */
const noHead = { exposeHeadRoute: false } as const;

/** The file as a download: never rendered by the browser, never sniffed, never cached. */
function sendAttachment(reply: FastifyReply, file: FileDownload) {
  return reply
    .headers(SAFE_FILE_HEADERS)
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .send(file.stream);
}

/** Download, preview, zip download and share links of documents (DESIGN.md section 6). */
export const documentFilesRoutes: FastifyPluginAsyncZod<{ files: DocumentFilesService }> = async (app, { files }) => {
  app.get(
    '/document/documents/download',
    {
      ...noHead,
      config,
      schema: {
        tags,
        summary: 'Several documents as one streamed zip; any id outside your scope answers 404 before any byte',
        querystring: documentIdsQuerySchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const zip = await files.zip(principalOf(request), request.query.ids, requestContext(request));
      if (zip.size !== null) reply.header('content-length', zip.size);
      return reply
        .headers(SAFE_FILE_HEADERS)
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', zip.fileName))
        .send(zip.stream);
    },
  );

  app.get(
    '/document/documents/:id/download',
    {
      ...noHead,
      config,
      schema: { tags, summary: 'The document file as an attachment', params: idParamsSchema, response: fileResponse },
    },
    async (request, reply) =>
      sendAttachment(reply, await files.download(principalOf(request), request.params.id, requestContext(request))),
  );

  app.get(
    '/document/documents/:id/preview',
    {
      ...noHead,
      config,
      schema: {
        tags,
        summary: 'Images and PDF inline under a locked-down CSP; any other type downloads',
        params: idParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const file = await files.preview(principalOf(request), request.params.id, requestContext(request));
      if (!file.inline) return sendAttachment(reply, file);
      return reply
        .headers(SAFE_FILE_HEADERS)
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .header('content-security-policy', file.contentType === 'application/pdf' ? PDF_PREVIEW_CSP : PREVIEW_CSP)
        .send(file.stream);
    },
  );

  app.post(
    '/document/documents/:id/share',
    {
      config,
      schema: {
        tags,
        summary: 'E-mail a link: sign-in for a portal user who may see it, else a single-recipient link for 7 days',
        params: idParamsSchema,
        body: shareDocumentInputSchema,
        response: { 201: documentShareDtoSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await files.share(principalOf(request), request.params.id, request.body, requestContext(request))),
  );

  app.get(
    '/document/documents/:id/shares',
    {
      config,
      schema: {
        tags,
        summary: "The document's share links, newest first",
        params: idParamsSchema,
        response: { 200: z.array(documentShareDtoSchema) },
      },
    },
    async (request) => files.shares(principalOf(request), request.params.id),
  );

  app.delete(
    '/document/documents/:id/shares/:shareId',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a share link (idempotent)',
        params: shareParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      const { id, shareId } = request.params;
      await files.revokeShare(principalOf(request), id, shareId, requestContext(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/document/shared/:token',
    {
      ...noHead,
      // The recipient of a share link has no account: the token is the credential.
      config: { public: true },
      schema: {
        tags,
        summary: 'What a share link holds; unknown, expired and revoked links all answer 404',
        params: shareTokenParamsSchema,
        response: { 200: sharedDocumentDtoSchema },
      },
    },
    async (request) => files.sharedDocument(request.params.token, requestContext(request)),
  );

  app.get(
    '/document/shared/:token/download',
    {
      ...noHead,
      config: { public: true },
      schema: {
        tags,
        summary: 'Download the file of a share link',
        params: shareTokenParamsSchema,
        response: fileResponse,
      },
    },
    async (request, reply) =>
      sendAttachment(reply, await files.downloadShared(request.params.token, requestContext(request))),
  );
};
