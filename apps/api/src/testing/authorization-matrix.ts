import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientCollaboratorServices, clientServices, services, users } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import type { FieldCrypto } from '../lib/field-crypto.js';
import type { BlobStorage } from '../lib/storage/index.js';
import { fieldCryptoOf } from './clients-factories.js';
import { chooseCurrentClient, createClient, createUser } from './factories.js';
import { bearer, signIn, type SignedIn } from './session.js';
import type { TestApp } from './test-app.js';

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
  'deactivatedCollaboratorA',
  'ownerB',
] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

export interface MatrixFixture {
  db: Db;
  /**
   * A business client owned by ownerA, with collaboratorA as collaborator, and
   * deactivatedCollaboratorA as a collaborator its owner has deactivated.
   */
  clientA: number;
  /** A business client owned by ownerB. */
  clientB: number;
  userIds: Record<SignedInActor, number>;
  /**
   * The demo "Tax" service: a service of clientA and clientB, granted to collaboratorA (and, before
   * the deactivation, to deactivatedCollaboratorA). Client users act for their own client: ownerA and
   * both collaborators for clientA (the deactivated one still has it as current client), ownerB for clientB.
   */
  serviceId: number;
  storage: BlobStorage;
  /** The app's field encryption: for fixtures that write encrypted text straight to the tables (messages). */
  fieldCrypto: FieldCrypto;
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

/**
 * The same status for every actor, with exceptions. A deactivated collaborator of A has lost A: it
 * is an outsider of A like client B's owner, so unless a row says otherwise it gets ownerB's answer.
 * Rows where ownerB succeeds only because it acts for a client of its own (B) say so explicitly.
 */
export function all(status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> {
  const expected = {
    ...(Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<Actor, number>),
    ...overrides,
  };
  if (overrides.deactivatedCollaboratorA === undefined) expected.deactivatedCollaboratorA = expected.ownerB;
  return expected;
}

/** 401 for anonymous, `status` for everyone signed in, with exceptions. */
export function signedIn(status: number, overrides: Partial<Record<Actor, number>> = {}) {
  return all(status, { anonymous: 401, ...overrides });
}

/** 401 anonymous, 403 for every signed-in actor except those listed. */
export function only(allowed: Partial<Record<Actor, number>>) {
  return all(403, { anonymous: 401, ...allowed });
}

const STAFF_LOGINS: Record<'admin' | 'advisor' | 'supervisor' | 'employee', string> = {
  admin: 'b1g1_admin@gmail.com',
  advisor: 'b1g1_advisor@gmail.com',
  supervisor: 'b1g1_supervisor@gmail.com',
  employee: 'b1g1_employee@gmail.com',
};

export interface MatrixWorld {
  fixture: MatrixFixture;
  /** Login and password of each signed-in actor, to sign in afresh. */
  credentials: Map<SignedInActor, [string, string]>;
  /** One live session per signed-in actor. */
  sessions: Map<SignedInActor, SignedIn>;
}

/**
 * The demo firm plus clients A and B with their people (see MatrixFixture). The deactivated
 * collaborator is deactivated the way the product does it: its owner turns it off on the accounts
 * screen (PATCH .../collaborators/:userId/deactivate), which keeps its grants; its sessions stop acting
 * for A (ADR 0014), and a session still pointing at A would count as none.
 */
export async function setUpMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const db = t.database.db;
  await seedDemoFirm(db);
  const ownerA = await createUser(db, { role: 'client' });
  const collaboratorA = await createUser(db, { role: 'client' });
  const deactivatedCollaboratorA = await createUser(db, { role: 'client' });
  const ownerB = await createUser(db, { role: 'client' });
  const clientA = await createClient(db, {
    ownerUserId: ownerA.id,
    collaboratorUserIds: [collaboratorA.id, deactivatedCollaboratorA.id],
  });
  const clientB = await createClient(db, { ownerUserId: ownerB.id });
  const credentials = new Map<SignedInActor, [string, string]>();
  for (const [actor, email] of Object.entries(STAFF_LOGINS)) credentials.set(actor as SignedInActor, [email, 'Group1']);
  credentials.set('ownerA', [ownerA.username, ownerA.password]);
  credentials.set('collaboratorA', [collaboratorA.username, collaboratorA.password]);
  credentials.set('deactivatedCollaboratorA', [deactivatedCollaboratorA.username, deactivatedCollaboratorA.password]);
  credentials.set('ownerB', [ownerB.username, ownerB.password]);

  const userIds = {} as MatrixFixture['userIds'];
  for (const [actor, [login]] of credentials) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, login.replace(/@gmail\.com$/, '')));
    userIds[actor] = row!.id;
  }
  const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  for (const clientId of [clientA.id, clientB.id])
    await db.insert(clientServices).values({ clientId, serviceId: tax!.id });
  for (const userId of [collaboratorA.id, deactivatedCollaboratorA.id])
    await db.insert(clientCollaboratorServices).values({ clientId: clientA.id, userId, serviceId: tax!.id });
  for (const [userId, clientId] of [
    [ownerA.id, clientA.id],
    [collaboratorA.id, clientA.id],
    [deactivatedCollaboratorA.id, clientA.id],
    [ownerB.id, clientB.id],
  ] as const) {
    await chooseCurrentClient(db, userId, clientId);
  }
  const sessions = new Map<SignedInActor, SignedIn>();
  for (const [actor, [login, password]] of credentials) sessions.set(actor, await signIn(t.app, login, password));

  const deactivated = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/document/users/me/clients/${clientA.id}/collaborators/${deactivatedCollaboratorA.id}/deactivate`,
    headers: bearer(sessions.get('ownerA')!),
  });
  if (deactivated.statusCode !== 204) throw new Error(`Deactivating the collaborator failed: ${deactivated.body}`);
  // Still able to sign in: the account is active, only its access to A is gone.
  sessions.set(
    'deactivatedCollaboratorA',
    await signIn(t.app, deactivatedCollaboratorA.username, deactivatedCollaboratorA.password),
  );

  const fixture = {
    db,
    clientA: clientA.id,
    clientB: clientB.id,
    userIds,
    serviceId: tax!.id,
    storage: t.app.storage,
    fieldCrypto: fieldCryptoOf(t),
  };
  return { fixture, credentials, sessions };
}
