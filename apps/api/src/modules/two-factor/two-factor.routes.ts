import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  idParamsSchema,
  recoveryCodesSchema,
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { TwoFactorService } from './two-factor.service.js';

const TAGS = ['two-factor'];
const noContent = { 204: z.null().describe('No content') };

const actorOf = (request: FastifyRequest) => ({ principal: principalOf(request), context: requestContext(request) });

/**
 * The caller's own second factor, and the administrator's reset. The caller's routes stay open to a
 * user who must enrol before anything else (see modules/auth/two-factor-gate.ts).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (app, { twoFactor }) => {
  app.get(
    '/identity/two-factor',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: "The caller's two-factor sign-in: on or off, and whether the firm requires it",
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => twoFactor.status(principalOf(request)),
  );

  app.post(
    '/identity/two-factor/enrolment',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: {
        tags: TAGS,
        summary: 'Start setting up an authenticator app: a new secret, its otpauth URL and QR code',
        response: { 200: twoFactorEnrolmentSchema },
      },
    },
    async (request) => twoFactor.startEnrolment(actorOf(request)),
  );

  app.post(
    '/identity/two-factor/enrolment/confirm',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: {
        tags: TAGS,
        summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes, shown once',
        body: twoFactorConfirmInputSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => twoFactor.confirmEnrolment(request.body.code, actorOf(request)),
  );

  app.post(
    '/identity/two-factor/recovery-codes',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: {
        tags: TAGS,
        summary: 'Replace the recovery codes (needs a current code); the new ones are shown once',
        body: twoFactorConfirmInputSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => twoFactor.regenerateRecoveryCodes(request.body.code, actorOf(request)),
  );

  app.post(
    '/identity/two-factor/disable',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: {
        tags: TAGS,
        summary: 'Turn two-factor sign-in off, with a current code or the password',
        body: twoFactorDisableInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await twoFactor.disable(request.body, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/identity/users/:id/two-factor',
    {
      config: { permission: 'user:reset-two-factor' },
      schema: {
        tags: TAGS,
        summary: "Reset a user's two-factor sign-in (a lost phone): they sign in with the password and may enrol again",
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await twoFactor.reset(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
