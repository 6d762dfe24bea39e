import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientCollaboratorServices, clientServices, services, users } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { ACTORS, type Actor, type MatrixFixture, type MatrixRow } from '../testing/authorization-matrix.js';
import { createClient, createUser } from '../testing/factories.js';
import { signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Every feature's rows, found by file name, so adding a feature never edits this file.
const rowFiles = import.meta.glob<{ rows: MatrixRow[] }>('../modules/**/__tests__/*.matrix.ts', { eager: true });
const MATRIX: MatrixRow[] = Object.values(rowFiles).flatMap((file) => file.rows);

type SignedInActor = Exclude<Actor, 'anonymous'>;
const STAFF: Record<'admin' | 'advisor' | 'supervisor' | 'employee', string> = {
  admin: 'b1g1_admin@gmail.com',
  advisor: 'b1g1_advisor@gmail.com',
  supervisor: 'b1g1_supervisor@gmail.com',
  employee: 'b1g1_employee@gmail.com',
};

let t: TestApp;
let fixture: MatrixFixture;
const credentials = new Map<SignedInActor, [string, string]>();
const sessions = new Map<SignedInActor, SignedIn>();

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  await seedDemoFirm(db);
  const ownerA = await createUser(db, { role: 'client' });
  const collaboratorA = await createUser(db, { role: 'client' });
  const ownerB = await createUser(db, { role: 'client' });
  const clientA = await createClient(db, { ownerUserId: ownerA.id, collaboratorUserIds: [collaboratorA.id] });
  const clientB = await createClient(db, { ownerUserId: ownerB.id });
  for (const [actor, email] of Object.entries(STAFF)) credentials.set(actor as SignedInActor, [email, 'Group1']);
  credentials.set('ownerA', [ownerA.username, ownerA.password]);
  credentials.set('collaboratorA', [collaboratorA.username, collaboratorA.password]);
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
  await db
    .insert(clientCollaboratorServices)
    .values({ clientId: clientA.id, userId: collaboratorA.id, serviceId: tax!.id });
  for (const [userId, clientId] of [
    [ownerA.id, clientA.id],
    [collaboratorA.id, clientA.id],
    [ownerB.id, clientB.id],
  ] as const) {
    await db.update(users).set({ currentClientId: clientId }).where(eq(users.id, userId));
  }
  fixture = { db, clientA: clientA.id, clientB: clientB.id, userIds, serviceId: tax!.id, storage: t.app.storage };
  for (const [actor, [login, password]] of credentials) sessions.set(actor, await signIn(t.app, login, password));
});
afterAll(() => t.close());

async function sessionFor(actor: Actor, row: MatrixRow): Promise<SignedIn | undefined> {
  if (actor === 'anonymous') return undefined;
  if (!row.endsSession) return sessions.get(actor);
  const [login, password] = credentials.get(actor)!;
  return signIn(t.app, login, password);
}

describe('authorization matrix', () => {
  for (const row of MATRIX) {
    for (const actor of ACTORS) {
      it(`${row.method} ${row.route} as ${actor} -> ${row.expect[actor]}`, async () => {
        const session = await sessionFor(actor, row);
        const body = row.body ? await row.body(fixture, actor) : undefined;
        const raw = row.raw ? await row.raw(fixture, actor) : undefined;
        const response = await t.app.inject({
          method: row.method,
          url: row.url ? await row.url(fixture, actor) : row.route,
          headers: { ...raw?.headers, ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}) },
          ...(raw ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
        });
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
      });
    }
  }

  it('has a row for every registered API route', () => {
    const covered = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
    const missing = t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  it('has no row for a route that does not exist', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    expect(MATRIX.map((row) => `${row.method} ${row.route}`).filter((key) => !registered.has(key))).toEqual([]);
  });
});
