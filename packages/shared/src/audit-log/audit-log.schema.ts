import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * The audit log viewer and user sessions (issue 11 items 2 and 3; docs/audit-log.md).
 *
 * - `GET    identity/audit-events`            audit:list   → paged AuditEventDto, newest first
 * - `GET    identity/audit-events/actions`    audit:list   → string[] (every action the API records)
 * - `GET    identity/audit-events/export`     audit:export → .xlsx, same filters (audited)
 * - `GET    identity/users/me/sessions`       signed in    → SessionDto[] (my active sessions)
 * - `DELETE identity/users/me/sessions/{id}`  signed in    → 204 (the current one = logout)
 * - `GET    identity/users/{id}/sessions`     session:revoke → SessionDto[]
 * - `DELETE identity/users/{id}/sessions`     session:revoke → 204 (ends all of them)
 * - `DELETE identity/users/{id}/sessions/{sessionId}` session:revoke → 204 (ends that one; 404 if not the user's)
 */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** ISO 8601 with an offset, in a year PostgreSQL reads: the calendar has no year 0 (1 BC is followed by AD 1). */
const instantSchema = z.iso.datetime({ offset: true }).refine((value) => !value.startsWith('0000'), {
  message: 'Year 0 does not exist.',
});

/**
 * An action filter: an exact action (`auth.sign-in.succeeded`) or a prefix ending with a dot
 * (`document.`) for every action of an area.
 */
export const AUDIT_ACTION_FILTER_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*\.?$/;

export const auditEventsQuerySchema = listQuerySchema.omit({ sortedBy: true, sortedDesc: true }).extend({
  actorUserId: optional(idSchema),
  action: optional(z.string().trim().max(TEXT_LIMIT.name).regex(AUDIT_ACTION_FILTER_PATTERN)),
  clientId: optional(idSchema),
  documentId: optional(idSchema),
  /** Instants (ISO 8601 with an offset): `from` inclusive, `to` exclusive. */
  from: optional(instantSchema),
  to: optional(instantSchema),
  /** Case-insensitive text inside the event's details. */
  search: optional(z.string().trim().max(TEXT_LIMIT.name)),
});
export type AuditEventsQuery = z.infer<typeof auditEventsQuerySchema>;

export const exportAuditEventsQuerySchema = auditEventsQuerySchema.omit({ limit: true, offset: true });
export type ExportAuditEventsQuery = z.infer<typeof exportAuditEventsQuerySchema>;

const namedRef = z.object({ id: z.number().int(), name: z.string() });

export const auditEventDtoSchema = z.object({
  id: z.number().int(),
  time: z.string(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  client: namedRef.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventDto = z.infer<typeof auditEventDtoSchema>;
export const pagedAuditEventsSchema = pagedSchema(auditEventDtoSchema);

export const sessionDtoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Moves when the session refreshes its access token (every 15 minutes of use at most). */
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session the request itself came from ("This device"). */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDtoSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** One session of another user: the user's id, and the session's id (as `sessionIdParamsSchema`). */
export const userSessionParamsSchema = z.object({
  id: idSchema,
  sessionId: sessionIdParamsSchema.shape.id,
});
