import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFirm } from '../db/seed/demo.js';
import { createClient, createUser } from '../testing/factories.js';
import { signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Routes x actors -> expected status. Every registered API route must have a row (the last test
 * fails otherwise), so a new route cannot ship without someone deciding who may call it.
 * 404 means "outside the caller's scope" and is expected wherever an id belongs to someone else.
 */
const ACTORS = [
  'anonymous',
  'admin',
  'advisor',
  'supervisor',
  'employee',
  'ownerA',
  'collaboratorA',
  'ownerB',
] as const;
type Actor = (typeof ACTORS)[number];

interface Fixture {
  clientA: number;
  clientB: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered route pattern. */
  route: string;
  /** The URL to call, with ids filled in from the fixture. */
  url?: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The call ends the caller's session: sign in afresh for it. */
  endsSession?: boolean;
  expect: Record<Actor, number>;
}

const all = (status: number, overrides: Partial<Record<Actor, number>> = {}): Record<Actor, number> => ({
  ...(Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<Actor, number>),
  ...overrides,
});
const signedIn = (status: number, overrides: Partial<Record<Actor, number>> = {}) =>
  all(status, { anonymous: 401, ...overrides });

export const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/v1/authentication/account/authenticate',
    // A new unknown login each time, so the per-account throttle stays out of the picture.
    body: () => ({ usernameOrEmailAddress: `nobody-${Math.random()}@example.com`, password: 'Wrong1' }),
    expect: all(200),
  },
  // Without a refresh token everyone gets 401: the route is public but needs the token itself.
  { method: 'GET', route: '/api/v1/authentication/account/refresh-jwt-tokens', expect: all(401) },
  { method: 'POST', route: '/api/v1/authentication/account/logout', endsSession: true, expect: signedIn(204) },
  { method: 'GET', route: '/api/v1/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/v1/identity/users/me', expect: signedIn(200) },
  { method: 'GET', route: '/api/v1/identity/departments/all', expect: signedIn(200) },
  {
    method: 'GET',
    route: '/api/v1/document/users/me/clients',
    expect: signedIn(200, { advisor: 403, supervisor: 403, employee: 403 }),
  },
  {
    method: 'PUT',
    route: '/api/v1/document/users/me/clients/current',
    body: (f) => ({ clientId: f.clientA }),
    // Admin holds account:list but owns no client: A's id is outside its scope.
    expect: signedIn(200, { advisor: 403, supervisor: 403, employee: 403, admin: 404, ownerB: 404 }),
  },
];

const CREDENTIALS: Record<Exclude<Actor, 'anonymous'>, [string, string] | null> = {
  admin: ['b1g1_admin@gmail.com', 'Group1'],
  advisor: ['b1g1_advisor@gmail.com', 'Group1'],
  supervisor: ['b1g1_supervisor@gmail.com', 'Group1'],
  employee: ['b1g1_employee@gmail.com', 'Group1'],
  ownerA: null,
  collaboratorA: null,
  ownerB: null,
};

let t: TestApp;
let fixture: Fixture;
const sessions = new Map<Actor, SignedIn>();

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  const db = t.database.db;
  await seedDemoFirm(db);
  const ownerA = await createUser(db, { role: 'client' });
  const collaboratorA = await createUser(db, { role: 'client' });
  const ownerB = await createUser(db, { role: 'client' });
  const clientA = await createClient(db, { ownerUserId: ownerA.id, collaboratorUserIds: [collaboratorA.id] });
  const clientB = await createClient(db, { ownerUserId: ownerB.id });
  fixture = { clientA: clientA.id, clientB: clientB.id };
  CREDENTIALS.ownerA = [ownerA.username, ownerA.password];
  CREDENTIALS.collaboratorA = [collaboratorA.username, collaboratorA.password];
  CREDENTIALS.ownerB = [ownerB.username, ownerB.password];
  for (const actor of ACTORS) {
    if (actor === 'anonymous') continue;
    const [login, password] = CREDENTIALS[actor]!;
    sessions.set(actor, await signIn(t.app, login, password));
  }
});
afterAll(() => t.close());

async function sessionFor(actor: Actor, row: Row): Promise<SignedIn | undefined> {
  if (actor === 'anonymous') return undefined;
  if (!row.endsSession) return sessions.get(actor);
  const [login, password] = CREDENTIALS[actor]!;
  return signIn(t.app, login, password);
}

describe('authorization matrix', () => {
  for (const row of MATRIX) {
    for (const actor of ACTORS) {
      it(`${row.method} ${row.route} as ${actor} -> ${row.expect[actor]}`, async () => {
        const session = await sessionFor(actor, row);
        const response = await t.app.inject({
          method: row.method,
          url: row.url ? row.url(fixture) : row.route,
          headers: session ? { authorization: `Bearer ${session.accessToken}` } : {},
          ...(row.body ? { payload: row.body(fixture) as object } : {}),
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
});
