import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The answers of POSTs sent with an `Idempotency-Key` (plugins/idempotency.ts): a retry with the same
 * key gets the first answer back instead of creating the thing twice. Kept for 24 hours.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `user:<id>` for a signed-in caller, `anonymous` for the public pages. */
    caller: text().notNull(),
    /** HMAC of the key: the key itself, a bearer of the answer, never rests in the database. */
    keyHash: text().notNull(),
    /** The route pattern, e.g. `/api/v1/document/requests`. */
    route: text().notNull(),
    /** HMAC of the validated params, query and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    /** Null while the first request runs. */
    statusCode: integer(),
    /** The answer's body, encrypted like other sensitive fields (it may hold what was just created). */
    responseEncrypted: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotent_requests_key').on(t.caller, t.keyHash),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
