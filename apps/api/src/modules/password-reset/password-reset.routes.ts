import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordTokenQuerySchema,
  resetPasswordInputSchema,
  sendResetPasswordEmailInputSchema,
  sendResetPasswordEmailResultSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import type { PasswordResetService } from './password-reset.service.js';

/** Public routes: whoever forgot their password is by definition not signed in. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ resets: PasswordResetService }> = async (app, { resets }) => {
  app.post(
    '/identity/account/send-reset-password-email',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['identity'],
        summary: 'E-mail a password-reset link',
        description:
          'resultType 1: sent (the link works once, for 30 minutes); 2: not a registered e-mail address; ' +
          '3: deactivated user. Limited per address and per IP address (429 with Retry-After).',
        body: sendResetPasswordEmailInputSchema,
        response: { 200: sendResetPasswordEmailResultSchema },
      },
    },
    async (request) => resets.sendResetEmail(request.body, requestContext(request)),
  );

  app.get(
    '/identity/account/is-forgot-password-token-usable',
    {
      config: { public: true },
      schema: {
        tags: ['identity'],
        summary: 'Whether a reset link can still be used',
        querystring: forgotPasswordTokenQuerySchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => resets.isTokenUsable(request.query),
  );

  app.post(
    '/identity/account/reset-password',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['identity'],
        summary: 'Choose a new password with a reset link',
        description:
          'An expired, used or unknown link is 400 with code RESET_TOKEN_UNUSABLE. On success every ' +
          'session of the user ends.',
        body: resetPasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await resets.resetPassword(request.body, requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
