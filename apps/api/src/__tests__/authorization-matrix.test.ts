import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  setUpMatrixWorld,
  type Actor,
  type MatrixRow,
  type MatrixWorld,
} from '../testing/authorization-matrix.js';
import { signIn, type SignedIn } from '../testing/session.js';
import { isStreamRoute } from '../testing/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Every feature's rows, found by file name, so adding a feature never edits this file.
const rowFiles = import.meta.glob<{ rows: MatrixRow[] }>('../modules/**/__tests__/*.matrix.ts', { eager: true });
const MATRIX: MatrixRow[] = Object.values(rowFiles).flatMap((file) => file.rows);

let t: TestApp;
let world: MatrixWorld;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  world = await setUpMatrixWorld(t);
});
afterAll(() => t.close());

async function sessionFor(actor: Actor, row: MatrixRow): Promise<SignedIn | undefined> {
  if (actor === 'anonymous') return undefined;
  if (!row.endsSession) return world.sessions.get(actor);
  const [login, password] = world.credentials.get(actor)!;
  return signIn(t.app, login, password);
}

const rowKey = (row: MatrixRow) => `${row.method} ${row.route}`;
const registeredKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('authorization matrix', () => {
  for (const row of MATRIX) {
    for (const actor of ACTORS) {
      it(`${row.method} ${row.route} as ${actor} -> ${row.expect[actor]}`, async () => {
        const fixture = world.fixture;
        const session = await sessionFor(actor, row);
        const body = row.body ? await row.body(fixture, actor) : undefined;
        const raw = row.raw ? await row.raw(fixture, actor) : undefined;
        const response = await t.app.inject({
          method: row.method,
          url: row.url ? await row.url(fixture, actor) : row.route,
          headers: { ...raw?.headers, ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}) },
          ...(raw ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
          ...(isStreamRoute(row.method, row.route) ? { payloadAsStream: true } : {}),
        });
        if (isStreamRoute(row.method, row.route)) {
          response.stream().destroy();
          expect(response.statusCode).toBe(row.expect[actor]);
          return;
        }
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
      });
    }
  }

  it('covers every registered API route: routes with a row / routes registered = 100%', () => {
    const registered = new Set(t.app.registeredRoutes.map(registeredKey));
    const covered = new Set(MATRIX.map(rowKey).filter((key) => registered.has(key)));
    expect([...registered].filter((key) => !covered.has(key))).toEqual([]);
    expect(covered.size / registered.size).toBe(1);
  });

  it('has no row for a route that does not exist', () => {
    const registered = new Set(t.app.registeredRoutes.map(registeredKey));
    expect(MATRIX.map(rowKey).filter((key) => !registered.has(key))).toEqual([]);
  });
});
