import type { Db } from '../db/client.js';
import type { BlobStorage } from '../lib/storage/index.js';

/**
 * The authorization matrix: routes x actors -> expected status. Each feature keeps its rows in
 * `modules/<area>/__tests__/<area>.matrix.ts` (exporting `rows`); `__tests__/authorization-matrix.test.ts`
 * runs them all and fails when a registered route has no row.
 * 404 means "outside the caller's scope" and is expected wherever an id belongs to someone else.
 */
export const ACTORS = [
  'anonymous',
  'admin',
  'advisor',
  'supervisor',
  'employee',
  'ownerA',
  'collaboratorA',
  'ownerB',
] as const;
export type Actor = (typeof ACTORS)[number];

export interface MatrixFixture {
  db: Db;
  /** A business client owned by ownerA, with collaboratorA as collaborator. */
  clientA: number;
  /** A business client owned by ownerB. */
  clientB: number;
  userIds: Record<Exclude<Actor, 'anonymous'>, number>;
  /** The demo "Tax" service: a service of clientA and clientB, granted to collaboratorA. */
  serviceId: number;
  /** Client users act for their own client: ownerA and collaboratorA for clientA, ownerB for clientB. */
  storage: BlobStorage;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered route pattern, exactly as Fastify lists it (with :params). */
  route: string;
  /** The URL to call, for routes with parameters. Called once per actor, so it may create a fresh object. */
  url?: (f: MatrixFixture, actor: Actor) => string | Promise<string>;
  /** JSON body; called once per actor. */
  body?: (f: MatrixFixture, actor: Actor) => unknown;
  /** A raw body with its headers (multipart uploads); called once per actor. */
  raw?: (
    f: MatrixFixture,
    actor: Actor,
  ) =>
    | { payload: Buffer; headers: Record<string, string> }
    | Promise<{ payload: Buffer; headers: Record<string, string> }>;
  /** The call ends the caller's session (logout, password change): sign in afresh for it. */
  endsSession?: boolean;
  expect: Record<Actor, number>;
}

/** The same status for every actor, with exceptions. */
export function all(status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> {
  return { ...(Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<Actor, number>), ...overrides };
}

/** 401 for anonymous, `status` for everyone signed in, with exceptions. */
export function signedIn(status: number, overrides: Partial<Record<Actor, number>> = {}) {
  return all(status, { anonymous: 401, ...overrides });
}

/** 401 anonymous, 403 for every signed-in actor except those listed. */
export function only(allowed: Partial<Record<Actor, number>>) {
  return all(403, { anonymous: 401, ...allowed });
}
