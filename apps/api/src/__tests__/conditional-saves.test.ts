import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODE, REQUEST_ITEM_KIND, REQUEST_SCHEDULE_AUDIENCE } from '@ledgerport/shared';
import { clientServices, services } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { createClient, createUser } from '../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { daysFromNow } from '../modules/requests/__tests__/requests-fixtures.js';

/*
 * No lost updates (issue 21 items 1 and 5): for each editable object, two saves from the same
 * version: exactly one succeeds, the other gets 412 with who saved it and when, and the stored
 * object is the winner's. Every PUT, PATCH and DELETE of the API is listed here: with its case, as
 * guarded otherwise (with the reason), or as not converted yet (PENDING, which only shrinks); a new
 * route in none of them fails the coverage test, as the authorization matrix does.
 */

let t: TestApp;
let admin: SignedIn;

interface Editable {
  /** The object's GET (it answers the ETag). */
  get: string;
  /** The conditional save: method, URL and one body per contender (bodies differ, so the winner shows). */
  method: 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  bodies?: [object, object];
}

interface ConditionalCase {
  route: string;
  make: () => Promise<Editable>;
}

const D = '/api/v1/document';

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

let tax: number;
let clientId: number;

const templateBody = (name: string) => ({
  name,
  title: `${name} title`,
  serviceId: tax,
  dueOffsetDays: 14,
  items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
});

const CASES: ConditionalCase[] = [
  {
    route: `PUT ${D}/requests/:id`,
    make: async () => {
      const body = (title: string) => ({
        title,
        dueDate: daysFromNow(10),
        items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
      });
      const id = await created(`${D}/requests`, { clientId, serviceId: tax, ...body('Original') });
      return {
        get: `${D}/requests/${id}`,
        method: 'PUT',
        url: `${D}/requests/${id}`,
        bodies: [body('Mine'), body('Theirs')],
      };
    },
  },
  {
    route: `DELETE ${D}/requests/:id`,
    make: async () => {
      const id = await created(`${D}/requests`, {
        clientId,
        serviceId: tax,
        title: 'To cancel',
        dueDate: daysFromNow(10),
        items: [{ title: 'Anything', kind: REQUEST_ITEM_KIND.answer }],
      });
      return { get: `${D}/requests/${id}`, method: 'DELETE', url: `${D}/requests/${id}` };
    },
  },
  {
    route: `PUT ${D}/request-templates/:id`,
    make: async () => {
      const name = `Template ${Math.random().toString(36).slice(2, 8)}`;
      const id = await created(`${D}/request-templates`, templateBody(name));
      return {
        get: `${D}/request-templates/${id}`,
        method: 'PUT',
        url: `${D}/request-templates/${id}`,
        bodies: [templateBody(`${name} mine`), templateBody(`${name} theirs`)],
      };
    },
  },
  {
    route: `DELETE ${D}/request-templates/:id`,
    make: async () => {
      const id = await created(
        `${D}/request-templates`,
        templateBody(`Template ${Math.random().toString(36).slice(2, 8)}`),
      );
      return { get: `${D}/request-templates/${id}`, method: 'DELETE', url: `${D}/request-templates/${id}` };
    },
  },
  {
    route: `PUT ${D}/request-schedules/:id`,
    make: async () => {
      const templateId = await created(
        `${D}/request-templates`,
        templateBody(`Template ${Math.random().toString(36).slice(2, 8)}`),
      );
      const body = (name: string) => ({
        name,
        templateId,
        dayOfMonth: 3,
        audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
        clientIds: [clientId],
        isActive: false,
      });
      const id = await created(`${D}/request-schedules`, body('Monthly'));
      return {
        get: `${D}/request-schedules/${id}`,
        method: 'PUT',
        url: `${D}/request-schedules/${id}`,
        bodies: [body('Monthly, mine'), body('Monthly, theirs')],
      };
    },
  },
  {
    route: `DELETE ${D}/request-schedules/:id`,
    make: async () => {
      const templateId = await created(
        `${D}/request-templates`,
        templateBody(`Template ${Math.random().toString(36).slice(2, 8)}`),
      );
      const id = await created(`${D}/request-schedules`, {
        name: 'To delete',
        templateId,
        dayOfMonth: 3,
        audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
        clientIds: [clientId],
        isActive: false,
      });
      return { get: `${D}/request-schedules/${id}`, method: 'DELETE', url: `${D}/request-schedules/${id}` };
    },
  },
];

/** Saves that cannot lose another person's change, and why. */
const GUARDED_OTHERWISE: Record<string, string> = {
  'DELETE /api/v1/identity/users/me/sessions/:id': 'ends a session: nothing is overwritten',
  'DELETE /api/v1/identity/users/:id/sessions': 'ends sessions: nothing is overwritten',
  'DELETE /api/v1/identity/users/:id/sessions/:sessionId': 'ends a session: nothing is overwritten',
  'PATCH /api/v1/identity/users/me/password': 'checked by the old password',
  'PATCH /api/v1/identity/users/:id/reset-password': 'sets a new password: nothing of the user is overwritten',
  'PUT /api/v1/document/users/me/clients/current': 'chooses the account the user acts for, per session',
  'PUT /api/v1/document/requests/:id/items/:itemId/answer':
    'a state transition: 409 unless the item waits on the client',
  'PUT /api/v1/document/requests/:id/items/:itemId/not-applicable':
    'a state transition: 409 unless the item waits on the client',
  'PUT /api/v1/document/requests/:id/items/:itemId/accept': 'a state transition: 409 unless the item is submitted',
  'PUT /api/v1/document/requests/:id/items/:itemId/return': 'a state transition: 409 unless the item is submitted',
  'DELETE /api/v1/identity/users/:id/two-factor': 'resets a second factor: nothing is overwritten',
};

/** Not converted yet (issue 21): this list only shrinks. */
const PENDING = [
  'PUT /api/v1/identity/users/me',
  'PUT /api/v1/identity/users/:id',
  'PATCH /api/v1/identity/users/:id/activate',
  'PATCH /api/v1/identity/users/:id/deactivate',
  'PUT /api/v1/identity/roles/:id',
  'DELETE /api/v1/identity/roles/:id',
  'PUT /api/v1/document/services/:id',
  'DELETE /api/v1/document/services/:id',
  'PATCH /api/v1/document/services/:id/activate',
  'PATCH /api/v1/document/services/:id/deactivate',
  'PUT /api/v1/document/tag-groups/reorder',
  'PUT /api/v1/document/tag-groups/:id',
  'DELETE /api/v1/document/tag-groups/:id',
  'PUT /api/v1/document/tags/:id',
  'DELETE /api/v1/document/tags/:id',
  'PATCH /api/v1/document/tags/:id/activate',
  'PATCH /api/v1/document/tags/:id/deactivate',
  'PATCH /api/v1/document/clients/:id/activate',
  'PATCH /api/v1/document/clients/:id/deactivate',
  'DELETE /api/v1/document/clients/:id',
  'PUT /api/v1/document/clients/business/:id',
  'PUT /api/v1/document/clients/personal/:id',
  'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/activate',
  'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/deactivate',
  'DELETE /api/v1/document/users/me/clients/:clientId/collaboration',
  'PUT /api/v1/document/documents/my-upload/:id',
  'DELETE /api/v1/document/documents/my-upload',
  'PUT /api/v1/document/documents/received/:id',
  'DELETE /api/v1/document/documents/received',
  'PATCH /api/v1/document/documents/received/status',
  'DELETE /api/v1/document/documents/:id/shares/:shareId',
  'PATCH /api/v1/document/announcements/:id/activate',
  'PATCH /api/v1/document/announcements/:id/deactivate',
  'PATCH /api/v1/company/coupons/:id/activate',
  'PATCH /api/v1/company/coupons/:id/deactivate',
  'PUT /api/v1/document/bookkeeping/:id',
  'DELETE /api/v1/document/leads',
  'PUT /api/v1/document/leads/me/billing-info',
  'PUT /api/v1/document/leads/me/documents',
  'PUT /api/v1/document/onboarding/leads/:idHash/general-info',
  'PUT /api/v1/document/onboarding/leads/:idHash/intake-interview-answers',
  'PUT /api/v1/document/onboarding/leads/:idHash/quote',
  'PUT /api/v1/document/onboarding/leads/:idHash/contract',
  'PUT /api/v1/document/onboarding/leads/:idHash/client-information',
  'PUT /api/v1/document/contractors/business/:id',
  'PUT /api/v1/document/contractors/individual/:id',
  'DELETE /api/v1/document/contractors/:id',
  'PUT /api/v1/identity/settings',
];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const db = t.database.db;
  [{ id: tax }] = (await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'))) as [
    { id: number },
  ];
  const owner = await createUser(db, { role: 'client' });
  clientId = (await createClient(db, { ownerUserId: owner.id })).id;
  await db.insert(clientServices).values({ clientId, serviceId: tax });
});
afterAll(() => t.close());

describe('conditional saves', () => {
  for (const { route, make } of CASES) {
    it(`${route}: of two saves from one version, one wins and the other gets 412`, async () => {
      const object = await make();
      const loaded = await call(admin, 'GET', object.get);
      expect(loaded.statusCode).toBe(200);
      const etag = loaded.headers.etag as string;
      expect(etag).toMatch(/^"\d+"$/);
      expect(loaded.json().version).toBe(etag.slice(1, -1));

      // Two tabs (or two people) that loaded the same version save at once.
      const [mine, theirs] = await Promise.all([
        call(admin, object.method, object.url, object.bodies?.[0], etag),
        call(admin, object.method, object.url, object.bodies?.[1], etag),
      ]);
      const [winner, loser] = mine.statusCode < 300 ? [mine, theirs] : [theirs, mine];
      expect(winner.statusCode, `${mine.body} ${theirs.body}`).toBeLessThan(300);
      const after = await call(admin, 'GET', object.get);
      if (after.statusCode === 404) {
        // A delete that removed the object: the other finds nothing left to delete.
        expect(object.method).toBe('DELETE');
        expect(loser.statusCode).toBe(404);
        return;
      }
      expect(loser.statusCode, loser.body).toBe(412);
      const refusal = loser.json().error;
      expect(refusal.code).toBe(ERROR_CODE.staleVersion);
      expect(refusal.details.changedBy).toMatchObject({ name: 'Batch1 Group1' });
      expect(Date.parse(refusal.details.changedAt)).not.toBeNaN();
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      if (winner.statusCode === 200) expect(after.json()).toEqual(winner.json());
      expect(refusal.details.currentVersion).toBe(after.json().version);

      // The current version saves; no If-Match saves unconditionally, as before ETags.
      if (object.method !== 'DELETE') {
        const fresh = await call(admin, object.method, object.url, object.bodies?.[1], after.headers.etag as string);
        expect(fresh.statusCode, fresh.body).toBeLessThan(300);
        const blind = await call(admin, object.method, object.url, object.bodies?.[0]);
        expect(blind.statusCode, blind.body).toBeLessThan(300);
      }
    });
  }

  it('lists every PUT, PATCH and DELETE: with its case, guarded otherwise, or pending', () => {
    const listed = new Set([...CASES.map((c) => c.route), ...Object.keys(GUARDED_OTHERWISE), ...PENDING]);
    const registered = t.app.registeredRoutes
      .filter((route) => ['PUT', 'PATCH', 'DELETE'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !registered.includes(route))).toEqual([]);
    // A converted route leaves PENDING.
    expect(CASES.map((c) => c.route).filter((route) => PENDING.includes(route))).toEqual([]);
  });
});
