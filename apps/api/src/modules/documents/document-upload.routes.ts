import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_UPLOAD_ERROR, uploadDocumentsResultSchema } from '@ledgerport/shared';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { DocumentUploadService, UploadLimits, UploadPart } from './document-upload.service.js';
import { malformedMultipart } from '../../lib/multipart-errors.js';

/** The parts of a multipart request in arrival order, with the parser's refusals as API errors. */
async function* partsOf(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        yield { kind: 'field', name: part.fieldname, value: String(part.value), truncated: part.valueTruncated };
      } else {
        yield { kind: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      throw new PayloadTooLargeError(
        `Upload at most ${limits.maxFilesPerUpload} files at a time.`,
        DOCUMENT_UPLOAD_ERROR.tooManyFiles,
      );
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new BadRequestError('The upload has too many fields.');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new BadRequestError('Send the upload as multipart/form-data.');
    }
    throw error;
  }
}

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
      const result = await upload
        .upload({ userId, isClient, currentClientId, context: requestContext(request) }, partsOf(request, limits))
        // A body cut short surfaces while a file streams into storage, past the parts loop.
        .catch((error: unknown) => Promise.reject(malformedMultipart(error) ?? error));
      return reply.status(201).send(result);
    },
  );
};
