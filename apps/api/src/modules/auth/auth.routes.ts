import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  BACKGROUND_REQUEST_HEADER,
  REFRESH_TOKEN_HEADER,
  authenticateInputSchema,
  authenticateResultSchema,
  refreshResultSchema,
  twoFactorSignInInputSchema,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';
import { isBackgroundRequest } from './background-request.js';
import { ERROR_CODE } from '@ledgerport/shared';

export const REFRESH_COOKIE = 'lp_rt';
// One cookie path covers authenticate, refresh and logout, and no other route ever receives it.
const COOKIE_PATH = '/api/v1/authentication/account';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; config: AppConfig }> = async (
  app,
  { auth, config },
) => {
  const setRefreshCookie = (reply: FastifyReply, token: string, maxAgeSeconds = config.sessionAbsoluteTtlSeconds) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: 'strict',
      maxAge: maxAgeSeconds,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure: config.cookieSecure,
      sameSite: 'strict',
    });

  app.post(
    '/authentication/account/authenticate',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in with a username or e-mail address and a password',
        body: authenticateInputSchema,
        response: { 200: authenticateResultSchema },
      },
    },
    async (request, reply) => {
      const { result, refreshToken, refreshTokenMaxAgeSeconds } = await auth.authenticate(
        request.body,
        requestContext(request),
      );
      if (refreshToken) setRefreshCookie(reply, refreshToken, refreshTokenMaxAgeSeconds);
      return result;
    },
  );

  app.post(
    '/authentication/account/authenticate/two-factor',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['authentication'],
        summary: 'Second sign-in step for a user with two-factor sign-in: the challenge and a code',
        description:
          'Takes the challengeToken that authenticate answered (five minutes, single use) and either a ' +
          '6-digit code from the authenticator app or one recovery code. Answers exactly like a normal ' +
          'sign-in (resultType 1, user with tokens, refresh cookie). A wrong code is 400 ' +
          'TWO_FACTOR_CODE_INVALID and the challenge stays usable; an unknown, spent or expired challenge is ' +
          '400 TWO_FACTOR_CHALLENGE_INVALID; five wrong codes in fifteen minutes give 429 with Retry-After.',
        body: twoFactorSignInInputSchema,
        response: { 200: authenticateResultSchema },
      },
    },
    async (request, reply) => {
      const { result, refreshToken, refreshTokenMaxAgeSeconds } = await auth.authenticateTwoFactor(
        request.body,
        requestContext(request),
      );
      setRefreshCookie(reply, refreshToken, refreshTokenMaxAgeSeconds);
      return result;
    },
  );

  app.get(
    '/authentication/account/refresh-jwt-tokens',
    {
      config: { public: true },
      schema: {
        tags: ['authentication'],
        summary: 'Exchange a refresh token (cookie or x-refresh-token header) for new tokens',
        description:
          'The refresh token is single-use. Browsers send it in the HttpOnly cookie and get an empty ' +
          'refreshToken in the body (the new one is in the cookie, out of reach of script); API clients ' +
          `send it in the ${REFRESH_TOKEN_HEADER} header and get the new one in the body. With ` +
          `\`${BACKGROUND_REQUEST_HEADER}: 1\` (a refresh no person asked for) the session is not counted as ` +
          'active: it still reaches its idle limit.',
        response: { 200: refreshResultSchema },
      },
    },
    async (request: FastifyRequest, reply) => {
      const fromCookie = request.cookies[REFRESH_COOKIE];
      const fromHeader = request.headers[REFRESH_TOKEN_HEADER];
      const token = fromCookie ?? (typeof fromHeader === 'string' ? fromHeader : undefined);
      if (!token || token.length > 512) {
        throw new UnauthorizedError('The session has ended. Sign in again.', ERROR_CODE.invalidRefreshToken);
      }
      try {
        const result = await auth.refresh(token, requestContext(request), {
          background: isBackgroundRequest(request.headers),
        });
        if (fromCookie) {
          setRefreshCookie(reply, result.refreshToken);
          return { ...result, refreshToken: '' };
        }
        return result;
      } catch (error) {
        if (fromCookie) clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/authentication/account/logout',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: { tags: ['authentication'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.logout(principalOf(request), requestContext(request));
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );
};
