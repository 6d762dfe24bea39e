import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formationHeadersSchema,
  formationSubmittedSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_ORGANIZERS,
  residentFormationInputSchema,
} from '@ledgerport/shared';
import { consumeMultipart, type MultipartRefusals } from '../../lib/file-intake/index.js';
import { requestContext } from '../../lib/request-context.js';
import type { FormationService, Submitter } from './formation.service.js';

const TAGS = ['company'];

function submitterOf(request: FastifyRequest): Submitter {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  return { context: requestContext(request), idempotencyKey: typeof key === 'string' ? key : undefined };
}

/** The parser's refusals in this route's words. */
const NON_RESIDENT_REFUSALS: MultipartRefusals = {
  subject: 'submission',
  tooManyFiles: { message: `Send at most ${MAX_ORGANIZERS} passport files.` },
};

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
    async (request, reply) => {
      const submitted = await consumeMultipart(request, NON_RESIDENT_REFUSALS, (parts) =>
        formation.submitNonResident(submitterOf(request), parts),
      );
      return reply.status(201).send(submitted);
    },
  );
};
