import { z } from 'zod';

/** Stable error codes; the web app chooses its own message per action, these only classify. */
export const ERROR_CODE = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  oldPasswordIncorrect: 'OLD_PASSWORD_INCORRECT',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  /** 412: the `If-Match` version is not the object's current one (docs/reliability.md). */
  staleVersion: 'STALE_VERSION',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * The details of a 412 STALE_VERSION: who saved the object last and when (from the audit trail;
 * null when the trail does not say), and its current version, to reload or overwrite on purpose.
 */
export const staleVersionDetailsSchema = z.object({
  changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changedAt: z.string().nullable(),
  currentVersion: z.string(),
  /** A bulk change (several objects at once): the ids whose version was stale; nothing was changed. */
  staleIds: z.array(z.number().int()).optional(),
});
export type StaleVersionDetails = z.infer<typeof staleVersionDetailsSchema>;
