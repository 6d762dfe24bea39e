import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODE } from '@ledgerport/shared';
import { clientServices, services } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { createClient, createUser } from '../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { catalogueCases } from './conditional-saves/catalogue.js';
import { clientsCases } from './conditional-saves/clients.js';
import { documentsCases } from './conditional-saves/documents.js';
import type { CaseContext, Editable } from './conditional-saves/harness.js';
import { identityCases } from './conditional-saves/identity.js';
import { leadsCases } from './conditional-saves/leads.js';
import { messagesCases } from './conditional-saves/messages.js';
import { notificationsCases } from './conditional-saves/notifications.js';
import { operationsCases } from './conditional-saves/operations.js';
import { requestsCases } from './conditional-saves/requests.js';
import { transactionQuestionsCases } from './conditional-saves/transaction-questions.js';

/*
 * No lost updates (issue 21 items 1 and 5): for each editable object, two saves from the same
 * version: exactly one succeeds, the other gets 412 with who saved it and when, and the stored
 * object is the winner's. Every PUT, PATCH and DELETE of the API is listed in one of the files of
 * ./conditional-saves (one per area): with its case, as guarded otherwise (with the reason), or as
 * not converted yet (pending, which only shrinks); a new route in none of them fails the coverage
 * test, as the authorization matrix does.
 */

const MODULES = [
  requestsCases,
  identityCases,
  catalogueCases,
  clientsCases,
  documentsCases,
  operationsCases,
  leadsCases,
  notificationsCases,
  messagesCases,
  transactionQuestionsCases,
];
const CASES = MODULES.flatMap((module) => module.cases);
const GUARDED: Record<string, string> = Object.assign({}, ...MODULES.map((module) => module.guarded));
const PENDING = MODULES.flatMap((module) => module.pending);

let t: TestApp;
let admin: SignedIn;
let context: CaseContext;

function call(session: SignedIn, method: string, url: string, payload?: object, ifMatch?: string) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(session), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    ...(payload ? { payload } : {}),
  });
}

async function created(url: string, body: object): Promise<number> {
  const response = await call(admin, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** The object as its GET answers it (with the ETag its `version` repeats), or its list row; null once gone. */
async function current(object: Editable, as: SignedIn): Promise<{ version: string; body: unknown } | null> {
  if (!object.get) return object.current!(context);
  const response = await call(as, 'GET', object.get);
  if (response.statusCode === 404) return null;
  expect(response.statusCode, response.body).toBe(200);
  const etag = response.headers.etag as string;
  expect(etag).toMatch(/^"\d+"$/);
  expect(response.json().version).toBe(etag.slice(1, -1));
  return { version: response.json().version, body: response.json() };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const db = t.database.db;
  const [{ id: taxServiceId }] = (await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.name, 'tax'))) as [{ id: number }];
  const owner = await createUser(db, { role: 'client' });
  const clientId = (await createClient(db, { ownerUserId: owner.id })).id;
  await db.insert(clientServices).values({ clientId, serviceId: taxServiceId });
  context = { t, admin, taxServiceId, clientId, call, created };
});
afterAll(() => t.close());

describe('conditional saves', () => {
  for (const { route, make } of CASES) {
    it(`${route}: of two saves from one version, one wins and the other gets 412`, async () => {
      const object = await make(context);
      const as = object.as ?? admin;
      const loaded = await current(object, as);
      expect(loaded, 'the object to save').not.toBeNull();
      const etag = `"${loaded!.version}"`;

      const save = (version: string | null, contender: 0 | 1) => {
        if (object.versioned) {
          const { url, body } = object.versioned(version === null ? null : version.slice(1, -1), contender);
          return call(as, object.method, url, body);
        }
        return call(as, object.method, object.url!, object.bodies?.[contender], version ?? undefined);
      };

      // Two tabs (or two people) that loaded the same version save at once.
      const [mine, theirs] = await Promise.all([save(etag, 0), save(etag, 1)]);
      const [winner, loser] = mine.statusCode < 300 ? [mine, theirs] : [theirs, mine];
      expect(winner.statusCode, `${mine.body} ${theirs.body}`).toBeLessThan(300);
      const after = await current(object, as);
      if (after === null) {
        // A delete that removed the object: the other finds nothing left to delete.
        expect(object.method).toBe('DELETE');
        expect(loser.statusCode).toBe(404);
        return;
      }
      expect(loser.statusCode, loser.body).toBe(412);
      const refusal = loser.json().error;
      expect(refusal.code).toBe(ERROR_CODE.staleVersion);
      if (object.savedBy === null) expect(refusal.details.changedBy).toBeNull();
      else expect(refusal.details.changedBy).toMatchObject({ name: object.savedBy ?? 'Batch1 Group1' });
      expect(Date.parse(refusal.details.changedAt)).not.toBeNaN();
      expect(after.version).not.toBe(loaded!.version);
      if (winner.statusCode === 200 && object.get) expect(after.body).toEqual(winner.json());
      expect(refusal.details.currentVersion).toBe(after.version);

      // The current version saves; no If-Match saves unconditionally, as before ETags.
      if (object.method !== 'DELETE') {
        const fresh = await save(`"${after.version}"`, 1);
        expect(fresh.statusCode, fresh.body).toBeLessThan(300);
        const blind = await save(null, 0);
        expect(blind.statusCode, blind.body).toBeLessThan(300);
      }
    });
  }

  it('lists every PUT, PATCH and DELETE: with its case, guarded otherwise, or pending', () => {
    const listed = new Set([...CASES.map((c) => c.route), ...Object.keys(GUARDED), ...PENDING]);
    const registered = t.app.registeredRoutes
      .filter((route) => ['PUT', 'PATCH', 'DELETE'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !registered.includes(route))).toEqual([]);
    // A converted route leaves PENDING.
    expect(CASES.map((c) => c.route).filter((route) => PENDING.includes(route))).toEqual([]);
  });
});
