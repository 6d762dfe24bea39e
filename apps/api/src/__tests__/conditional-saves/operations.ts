import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { DISCOUNT_TYPE } from '@ledgerport/shared';
import { clientServices, services } from '../../db/schema/index.js';
import { businessBody, individualBody, stateId } from '../../modules/contractors/__tests__/contractors-fixtures.js';
import { createClient, createUser } from '../../testing/factories.js';
import { D, unique, type CaseContext, type CaseModule, type Editable } from './harness.js';

const COUPONS = '/api/v1/company/coupons';

async function announcement(ctx: CaseContext, isActive: boolean): Promise<Editable> {
  const id = await ctx.created(`${D}/announcements`, {
    title: `Announcement ${unique()}`,
    body: '<p>News</p>',
    acknowledgmentText: '<p>I have read it</p>',
  });
  if (!isActive) {
    expect((await ctx.call(ctx.admin, 'PATCH', `${D}/announcements/${id}/deactivate`)).statusCode).toBe(204);
  }
  const action = isActive ? 'deactivate' : 'activate';
  return { get: `${D}/announcements/${id}`, method: 'PATCH', url: `${D}/announcements/${id}/${action}` };
}

/** Coupons have no GET of their own: the list row (newest first) carries the version. */
async function coupon(ctx: CaseContext, isActive: boolean): Promise<Editable> {
  const id = await ctx.created(COUPONS, {
    title: 'Spring',
    code: `SPRING-${unique()}`,
    discountType: DISCOUNT_TYPE.fixed,
    discountValue: 10,
    expirationDate: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
  });
  if (!isActive) expect((await ctx.call(ctx.admin, 'PATCH', `${COUPONS}/${id}/deactivate`)).statusCode).toBe(204);
  // Activating an active coupon writes nothing (and so is no conflict): each case changes the state.
  const action = isActive ? 'deactivate' : 'activate';
  return {
    current: async ({ call, admin }) => {
      const response = await call(admin, 'GET', `${COUPONS}?limit=100`);
      const row = (response.json().items as Array<{ id: number; version: string }>).find((item) => item.id === id);
      return row ? { version: row.version, body: row } : null;
    },
    method: 'PATCH',
    url: `${COUPONS}/${id}/${action}`,
  };
}

/**
 * A contractor's GET answers its details (the full number) and its save answers the list row, so
 * the case reads the version from the GET (checking its ETag) rather than comparing the two bodies.
 */
function contractorVersion(url: string): NonNullable<Editable['current']> {
  return async ({ call, admin }) => {
    const response = await call(admin, 'GET', url);
    if (response.statusCode === 404) return null;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"${response.json().version}"`);
    return { version: response.json().version, body: response.json() };
  };
}

export const operationsCases: CaseModule = {
  cases: [
    { route: `PATCH ${D}/announcements/:id/activate`, make: (ctx) => announcement(ctx, false) },
    { route: `PATCH ${D}/announcements/:id/deactivate`, make: (ctx) => announcement(ctx, true) },
    { route: `PATCH ${COUPONS}/:id/activate`, make: (ctx) => coupon(ctx, false) },
    { route: `PATCH ${COUPONS}/:id/deactivate`, make: (ctx) => coupon(ctx, true) },
    {
      route: `PUT ${D}/bookkeeping/:id`,
      make: async ({ t, created }) => {
        // A client of the tracker (it has the Bookkeeping service) with its month stored.
        const db = t.database.db;
        const [{ id: serviceId }] = (await db
          .select({ id: services.id })
          .from(services)
          .where(eq(services.name, 'bookkeeping'))) as [{ id: number }];
        const owner = await createUser(db, { role: 'client' });
        const clientId = (await createClient(db, { ownerUserId: owner.id })).id;
        await db.insert(clientServices).values({ clientId, serviceId });
        const now = new Date();
        const period = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
        const values = (numberOfAccounts: number) => ({
          numberOfAccounts,
          isQuickBooksDraftDone: false,
          isQuickBooksReviewDone: false,
        });
        const id = await created(`${D}/bookkeeping`, { clientId, ...period, ...values(1) });
        return {
          current: async ({ call, admin }) => {
            const query = new URLSearchParams({ clientId: String(clientId), ...period } as never);
            const response = await call(admin, 'GET', `${D}/bookkeeping?${query}`);
            const row = (response.json().items as Array<{ id: number; version: string }>).find(
              (item) => item.id === id,
            );
            return row ? { version: row.version, body: row } : null;
          },
          method: 'PUT',
          url: `${D}/bookkeeping/${id}`,
          bodies: [values(2), values(3)],
        };
      },
    },
    {
      route: `PUT ${D}/contractors/business/:id`,
      make: async ({ t, created, clientId }) => {
        const ny = await stateId(t.database.db);
        const id = await created(`${D}/contractors`, businessBody(ny, { clientId }));
        return {
          current: contractorVersion(`${D}/contractors/business/${id}`),
          method: 'PUT',
          url: `${D}/contractors/business/${id}`,
          bodies: [businessBody(ny, { businessName: 'Mine LLC' }), businessBody(ny, { businessName: 'Theirs LLC' })],
        };
      },
    },
    {
      route: `PUT ${D}/contractors/individual/:id`,
      make: async ({ t, created, clientId }) => {
        const ny = await stateId(t.database.db);
        const id = await created(`${D}/contractors`, individualBody(ny, { clientId }));
        return {
          current: contractorVersion(`${D}/contractors/individual/${id}`),
          method: 'PUT',
          url: `${D}/contractors/individual/${id}`,
          bodies: [individualBody(ny, { lastName: 'Mine' }), individualBody(ny, { lastName: 'Theirs' })],
        };
      },
    },
    {
      route: `DELETE ${D}/contractors/:id`,
      make: async ({ t, created, clientId }) => {
        const ny = await stateId(t.database.db);
        const id = await created(`${D}/contractors`, businessBody(ny, { clientId }));
        return { get: `${D}/contractors/business/${id}`, method: 'DELETE', url: `${D}/contractors/${id}` };
      },
    },
  ],
  guarded: {},
  pending: [],
};
