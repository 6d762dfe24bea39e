import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only trail of security-relevant events (DESIGN.md section 4). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer(),
    action: text().notNull(),
    objectType: text(),
    objectId: text(),
    clientId: integer(),
    ipAddress: text(),
    userAgent: text(),
    requestId: text(),
    details: jsonb(),
  },
  (t) => [
    index('audit_events_occurred_at_idx').on(t.occurredAt),
    index('audit_events_actor_idx').on(t.actorUserId, t.occurredAt),
    index('audit_events_action_idx').on(t.action, t.occurredAt),
    // The audit log viewer's client and document filters (newest first within them).
    index('audit_events_client_idx').on(t.clientId, t.occurredAt),
    index('audit_events_object_idx').on(t.objectType, t.objectId, t.occurredAt),
  ],
);
