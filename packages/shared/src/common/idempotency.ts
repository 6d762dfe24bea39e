/**
 * Idempotent creates (issue 21, docs/reliability.md): a POST that creates something accepts an
 * `Idempotency-Key` header; the same key from the same caller within `IDEMPOTENCY_WINDOW_HOURS`
 * answers the first answer again (with `Idempotent-Replayed: true`) and creates nothing new.
 */
/** Lower case, as Node hands headers over. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Long and random enough that nobody else's request shares it: a UUID is the usual choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const IDEMPOTENCY_ERROR = {
  /** 400: the header is not a key. */
  invalidKey: 'IDEMPOTENCY_KEY_INVALID',
  /** 409: the key was used for another request (another route or another body). */
  keyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 409 with Retry-After: the first request with this key is still running. */
  inProgress: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
} as const;
