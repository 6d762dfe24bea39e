import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODE } from '@ledgerport/shared';
import { AppError, TooManyRequestsError } from '../lib/errors.js';

/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the
 * server is down, restarting or shutting down (57P01-57P03), the connection broke (class 08), or no
 * pooled connection came in time. They become 503 with Retry-After; the pool reconnects by itself.
 */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);
/** node-postgres and pg-pool raise these without a code. */
const DATABASE_DOWN_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];
/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The error and its causes: Drizzle wraps driver errors, keeping the original as `cause`. */
function* causes(error: unknown): Generator<object> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The driver's error code (a SQLSTATE or a Node network error code). */
function databaseCode(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

const UNIQUE_VIOLATION = '23505';
/**
 * PostgreSQL cannot store U+0000 in text (22021, "invalid byte sequence for encoding UTF8: 0x00")
 * nor in jsonb (22P05, "unsupported Unicode escape sequence"). JSON allows it in any string, so a
 * request carrying one is the caller's mistake, not ours: 400, as for any other invalid value.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  return reply.status(status).send({
    error: { code, message, requestId: String(request.id), ...(details === undefined ? {} : { details }) },
  });
}

/**
 * The one place errors become responses: a single envelope, never a stack trace or SQL text.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          // e.g. body "password", querystring "limit"; a dotted path for nested fields.
          in: (error as { validationContext?: string }).validationContext,
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message,
        }));
        return send(reply, request, 400, ERROR_CODE.validation, 'The request is not valid.', details);
      }
      if (error instanceof AppError) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        return send(reply, request, error.statusCode, error.code, error.message, error.details);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return send(reply, request, 500, ERROR_CODE.internal, 'Something went wrong on our side.');
      }
      // Services check uniqueness first with a friendly message; this catches the race between two requests.
      if (databaseCode(error) === UNIQUE_VIOLATION) {
        return send(reply, request, 409, ERROR_CODE.conflict, 'This value is already taken.');
      }
      const code = databaseCode(error);
      if (code !== undefined && UNSTORABLE_TEXT_CODES.has(code)) {
        return send(
          reply,
          request,
          400,
          ERROR_CODE.validation,
          'The request contains a character that cannot be stored: text must not contain NUL (\\u0000).',
        );
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return send(
          reply,
          request,
          503,
          ERROR_CODE.serviceUnavailable,
          'The service is temporarily unavailable. Try again shortly.',
        );
      }
      // Framework errors with a 4xx status (bad JSON, body too large, wrong content type) are the caller's.
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code =
          status === 413
            ? ERROR_CODE.payloadTooLarge
            : status === 415
              ? ERROR_CODE.unsupportedMediaType
              : ERROR_CODE.validation;
        return send(reply, request, status, code, error.message);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, request, 500, ERROR_CODE.internal, 'Something went wrong on our side.');
    });
  },
  { name: 'error-handler' },
);
