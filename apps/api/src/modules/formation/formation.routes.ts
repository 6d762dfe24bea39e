import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODE,
  formationHeadersSchema,
  formationSubmittedSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_ORGANIZERS,
  residentFormationInputSchema,
} from '@ledgerport/shared';
import { AppError, BadRequestError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import type { FormationPart, FormationService, Submitter } from './formation.service.js';
import { malformedMultipart } from '../../lib/multipart-errors.js';

const TAGS = ['company'];

function submitterOf(request: FastifyRequest): Submitter {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  return { context: requestContext(request), idempotencyKey: typeof key === 'string' ? key : undefined };
}

/** The parts of the non-resident request in arrival order, with the parser's refusals as API errors. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<FormationPart> {
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
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError(`Send at most ${MAX_ORGANIZERS} passport files.`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new BadRequestError('The submission has too many fields.');
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(415, ERROR_CODE.unsupportedMediaType, 'Send the submission as multipart/form-data.');
    }
    throw error;
  }
}

/**
 * Public company formation (spec 03): nobody has an account yet. Both submissions are throttled per IP
 * before anything else runs, and answer with the client secret the browser confirms the card with.
 */
export const formationRoutes: FastifyPluginAsyncZod<{ formation: FormationService }> = async (app, { formation }) => {
  const throttle = async (request: FastifyRequest) => formation.throttle(requestContext(request));

  app.post(
    '/company/companies/resident',
    {
      config: { public: true },
      onRequest: throttle,
      schema: {
        tags: TAGS,
        summary:
          'Submit a resident company (JSON). The total is priced on the server from the state fee and the ' +
          `coupon; an optional ${IDEMPOTENCY_KEY_HEADER} header (${IDEMPOTENCY_KEY_PATTERN.source}) makes retries safe.`,
        headers: formationHeadersSchema,
        body: residentFormationInputSchema,
        response: { 201: formationSubmittedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await formation.submitResident(submitterOf(request), request.body)),
  );

  app.post(
    '/company/companies/non-resident',
    {
      config: { public: true },
      onRequest: throttle,
      schema: {
        tags: TAGS,
        summary:
          'Submit a non-resident company (multipart, dotted names such as businessAddress.addressLine1 and ' +
          'organizers[0].titles[0]; every field before the files organizers[i].mainPageOfPassport). Total 500.',
        consumes: ['multipart/form-data'],
        headers: formationHeadersSchema,
        response: { 201: formationSubmittedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await formation
          .submitNonResident(submitterOf(request), partsOf(request))
          // A body cut short surfaces while a passport file is read, past the parts loop.
          .catch((error: unknown) => Promise.reject(malformedMultipart(error) ?? error)),
      ),
  );
};
