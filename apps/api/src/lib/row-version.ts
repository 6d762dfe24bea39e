import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODE, type StaleVersionDetails } from '@ledgerport/shared';
import type { DbOrTx } from '../db/client.js';
import { auditEvents, users } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Conditional saves (issue 21; docs/reliability.md). An editable object's version is its root row's
 * `xmin`: PostgreSQL gives every row version the id of the transaction that wrote it, so it changes
 * on every write, costs no column and no trigger, and is the same on PGlite. A save that changes only
 * child rows (a client's services) still updates its root row, so the version moves with it.
 */
export function rowVersion(table: PgTable): SQL<string> {
  return sql<string>`${table}.xmin::text`;
}

/** `"123"` (a strong ETag: the version names one exact state). */
export function etagOf(version: string): string {
  return `"${version}"`;
}

/** Answers `value` with its version as the ETag. */
export function withEtag<T extends { version: string }>(reply: FastifyReply, value: T): T {
  reply.header('etag', etagOf(value.version));
  return value;
}

/** For route descriptions (the API docs). */
export const IF_MATCH_NOTE =
  'Send If-Match with the ETag (or `version`) of the GET: a stale one answers 412 STALE_VERSION, naming ' +
  'who saved it last and when, and changes nothing; without If-Match the save is unconditional.';

/**
 * The version `If-Match` asks for: null when absent or `*` (the save is unconditional, as for API
 * clients that predate ETags), else the versions it lists (weak or strong; a weak one is compared as
 * strong: there is only one kind here).
 */
export function ifMatchOf(request: FastifyRequest): string[] | null {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return null;
  const versions = [...header.matchAll(/(?:W\/)?"([^"]*)"/g)].map((match) => match[1]!);
  // A value that is no ETag matches nothing: refused as stale rather than saved blindly.
  return versions.length > 0 ? versions : [''];
}

/** Audit actions that read an object without changing it (viewed, revealed, downloaded, exported). */
const READ_ACTIONS = '(viewed|previewed|revealed|downloaded|exported)$';

export class StaleVersionError extends AppError {
  constructor(details: StaleVersionDetails) {
    super(412, ERROR_CODE.staleVersion, 'Someone else saved this after you opened it.', details);
  }
}

/**
 * Who saved the object last and when, from the audit trail (reads are not saves). `orAction`: an
 * action on the same object type recorded without an object id that changes this object too (a
 * reorder of every tag group).
 */
export async function lastSave(
  tx: DbOrTx,
  objectType: string,
  objectId: number | string,
  orAction?: string,
): Promise<Pick<StaleVersionDetails, 'changedBy' | 'changedAt'>> {
  const [last] = await tx
    .select({
      actorId: auditEvents.actorUserId,
      occurredAt: auditEvents.occurredAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(
      and(
        eq(auditEvents.objectType, objectType),
        orAction === undefined
          ? eq(auditEvents.objectId, String(objectId))
          : or(eq(auditEvents.objectId, String(objectId)), eq(auditEvents.action, orAction)),
        // Who saved it, not who looked: opening a client's edit form is an audited reveal.
        sql`${auditEvents.action} !~ ${READ_ACTIONS}`,
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(1);
  return {
    changedBy:
      last && last.actorId !== null && last.firstName !== null
        ? { id: last.actorId, name: `${last.firstName} ${last.lastName ?? ''}`.trim() }
        : null,
    changedAt: last?.occurredAt.toISOString() ?? null,
  };
}

/**
 * Refuses a stale `If-Match` with 412, naming who saved the object last and when. `current` is the
 * version read with the row locked (`FOR UPDATE`), so no other save slips in between the check and
 * the caller's own write.
 */
export async function assertCurrentVersion(
  tx: DbOrTx,
  {
    current,
    expected,
    objectType,
    objectId,
    nameless = false,
  }: {
    current: string;
    expected: string[] | null;
    objectType: string;
    objectId: number | string;
    /**
     * Names no one, only when: for a caller who need not learn which of the firm's people touched
     * the object (a prospect on the public onboarding link, whose lead staff may have handled).
     */
    nameless?: boolean;
  },
): Promise<void> {
  if (expected === null || expected.includes(current)) return;
  const saved = await lastSave(tx, objectType, objectId);
  throw new StaleVersionError({ ...saved, ...(nameless ? { changedBy: null } : {}), currentVersion: current });
}

/**
 * A bulk change's versions (`versions[i]` for `ids[i]`, as the caller saw them) against the rows it
 * locked: any stale one refuses the whole change with 412, naming the stale ids and who saved the
 * first of them. No versions: the change is unconditional, as before.
 */
export async function assertCurrentVersions(
  tx: DbOrTx,
  {
    ids,
    versions,
    locked,
    objectType,
  }: {
    ids: readonly number[];
    versions: readonly string[] | undefined;
    locked: ReadonlyArray<{ id: number; version: string }>;
    objectType: string;
  },
): Promise<void> {
  if (versions === undefined) return;
  const expected = new Map(ids.map((id, index) => [id, versions[index]]));
  const stale = locked.filter((row) => expected.get(row.id) !== row.version);
  if (stale.length === 0) return;
  const [first] = stale;
  throw new StaleVersionError({
    ...(await lastSave(tx, objectType, first!.id)),
    currentVersion: first!.version,
    staleIds: stale.map((row) => row.id),
  });
}

/**
 * Locks the root row and refuses a stale `If-Match` (`assertCurrentVersion`). Returns the current
 * version, or null when the row does not exist (the caller answers 404 as usual). Call it first in
 * the save's transaction.
 */
export async function lockCurrentVersion(
  tx: DbOrTx,
  {
    table,
    where,
    expected,
    objectType,
    objectId,
  }: { table: PgTable; where: SQL; expected: string[] | null; objectType: string; objectId: number | string },
): Promise<string | null> {
  const [row] = await tx
    .select({ version: rowVersion(table) })
    .from(table)
    .where(where)
    .for('update');
  if (!row) return null;
  await assertCurrentVersion(tx, { current: row.version, expected, objectType, objectId });
  return row.version;
}
