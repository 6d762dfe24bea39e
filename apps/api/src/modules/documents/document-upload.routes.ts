import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadDocumentsResultSchema } from '@ledgerport/shared';
import { consumeMultipart } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { type DocumentUploadService, type UploadLimits, uploadRefusals } from './document-upload.service.js';

export const documentUploadRoutes: FastifyPluginAsyncZod<{
  upload: DocumentUploadService;
  limits: UploadLimits;
}> = async (app, { upload, limits }) => {
  app.post(
    '/document/documents/my-upload',
    {
      config: { permission: 'my-upload:add' },
      schema: {
        tags: ['document'],
        summary:
          'Upload documents (multipart: Description, DisplayName, ClientId, UploadedOnBehalfOfClient, ServiceId, ' +
          'Tags repeated, then Files repeated). 201 when at least one file was stored; refused files are listed.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadDocumentsResultSchema },
      },
    },
    async (request, reply) => {
      const { userId, isClient, currentClientId } = principalOf(request);
      const result = await consumeMultipart(request, uploadRefusals(limits), (parts) =>
        upload.upload({ userId, isClient, currentClientId, context: requestContext(request) }, parts),
      );
      return reply.status(201).send(result);
    },
  );
};
