import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { COUPON_VERIFY_RESULT, DISCOUNT_TYPE } from '@ledgerport/shared';
import { auditEvents, coupons } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { COUPON_VERIFY_LIMITS } from '../coupons.service.js';

const BASE = '/api/v1/company/coupons';
const DAY = 24 * 3600 * 1000;

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
function call(method: Method, url: string, payload?: object, session: SignedIn | null = admin) {
  return t.app.inject({
    method,
    url,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });
}

const uniqueCode = (prefix = 'C') => `${prefix}-${randomBytes(4).toString('hex')}`;
const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spring discount',
  code: uniqueCode(),
  discountType: DISCOUNT_TYPE.fixed,
  discountValue: 50,
  expirationDate: new Date(Date.now() + 30 * DAY).toISOString(),
  ...overrides,
});
const fields = (body: { error: { details?: Array<{ field: string }> } }) =>
  (body.error.details ?? []).map((detail) => detail.field);

async function insertCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      title: 'Stored coupon',
      code: uniqueCode('S'),
      discountType: DISCOUNT_TYPE.percentage,
      discountValue: '15.00',
      expirationDate: new Date(Date.now() + 10 * DAY),
      ...values,
    })
    .returning();
  return row!;
}

describe('POST company/coupons', () => {
  it('creates a coupon with a numeric discount and audits it', async () => {
    const body = input({ discountValue: 12.5, title: '  Summer  ' });
    const response = await call('POST', BASE, body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: 'Summer',
      code: body.code,
      discountType: DISCOUNT_TYPE.fixed,
      discountValue: 12.5,
      isActive: true,
      expirationDate: body.expirationDate,
    });
    expect(Date.parse(created.creationTime)).toBeLessThanOrEqual(Date.now());
    const [stored] = await t.database.db.select().from(coupons).where(eq(coupons.id, created.id));
    // Money is exact: the column keeps the decimal text, never a binary float.
    expect(stored!.discountValue).toBe('12.50');
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'coupon.created'));
    expect(event).toMatchObject({ objectType: 'coupon', objectId: String(created.id), actorUserId: admin.userId });
  });

  it('refuses a code taken in another case with 409 and the taken message', async () => {
    const code = uniqueCode('Dup');
    expect((await call('POST', BASE, input({ code }))).statusCode).toBe(201);
    const response = await call('POST', BASE, input({ code: code.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(`${code.toUpperCase()} is already taken. Try another.`);
  });

  it('keeps the code unique in the database whatever the case, even past the service check', async () => {
    const code = uniqueCode('Idx');
    await insertCoupon({ code });
    await expect(insertCoupon({ code: code.toLowerCase() })).rejects.toThrow();
  });

  it('refuses an expiration in the past', async () => {
    const response = await call('POST', BASE, input({ expirationDate: new Date(Date.now() - 60_000).toISOString() }));
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['expirationDate']);
  });

  it('refuses a missing expiration and a date that is not an instant', async () => {
    const { expirationDate: _omitted, ...withoutDate } = input();
    expect(fields((await call('POST', BASE, withoutDate)).json())).toEqual(['expirationDate']);
    expect(fields((await call('POST', BASE, input({ expirationDate: 'next week' }))).json())).toEqual([
      'expirationDate',
    ]);
  });

  it('refuses a negative value, more than two decimals and a value that is not a number', async () => {
    for (const discountValue of [-1, 10.005, '10']) {
      const response = await call('POST', BASE, input({ discountValue }));
      expect(response.statusCode, String(discountValue)).toBe(400);
      expect(fields(response.json())).toEqual(['discountValue']);
    }
  });

  it('refuses a percentage over 100 but takes a fixed discount over 100', async () => {
    const percentage = await call('POST', BASE, input({ discountType: DISCOUNT_TYPE.percentage, discountValue: 101 }));
    expect(percentage.statusCode).toBe(400);
    expect(fields(percentage.json())).toEqual(['discountValue']);
    expect(
      (await call('POST', BASE, input({ discountType: DISCOUNT_TYPE.percentage, discountValue: 100 }))).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', BASE, input({ discountType: DISCOUNT_TYPE.fixed, discountValue: 150 }))).statusCode,
    ).toBe(201);
  });

  it('requires every field and a known discount type', async () => {
    const response = await call('POST', BASE, { title: ' ', code: '', discountType: 3 });
    expect(response.statusCode).toBe(400);
    expect(new Set(fields(response.json()))).toEqual(
      new Set(['title', 'code', 'discountType', 'discountValue', 'expirationDate']),
    );
  });

  it('refuses a code with characters that cannot travel in a URL path', async () => {
    const response = await call('POST', BASE, input({ code: 'TEN/OFF' }));
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['code']);
  });

  it('is refused without coupon:add', async () => {
    expect((await call('POST', BASE, input(), advisor)).statusCode).toBe(403);
    expect((await call('POST', BASE, input(), null)).statusCode).toBe(401);
  });
});

describe('GET company/coupons', () => {
  it('pages newest first with the total count', async () => {
    await t.database.db.delete(coupons);
    const oldest = await insertCoupon({ createdAt: new Date(Date.now() - 3 * DAY), title: 'Oldest' });
    const middle = await insertCoupon({ createdAt: new Date(Date.now() - 2 * DAY), title: 'Middle' });
    const newest = await insertCoupon({ createdAt: new Date(Date.now() - DAY), title: 'Newest' });

    const first = (await call('GET', `${BASE}?limit=2&offset=0`)).json();
    expect(first.totalCount).toBe(3);
    expect(first.items.map((c: { id: number }) => c.id)).toEqual([newest.id, middle.id]);
    expect(first.items[0]).toEqual({
      id: newest.id,
      version: expect.stringMatching(/^\d+$/),
      title: 'Newest',
      code: newest.code,
      discountType: DISCOUNT_TYPE.percentage,
      discountValue: 15,
      expirationDate: newest.expirationDate.toISOString(),
      creationTime: newest.createdAt.toISOString(),
      isActive: true,
    });
    const second = (await call('GET', `${BASE}?limit=2&offset=2`)).json();
    expect(second.items.map((c: { id: number }) => c.id)).toEqual([oldest.id]);
  });

  it('sorts by a named column and ignores an unknown one', async () => {
    const byTitle = (await call('GET', `${BASE}?sortedBy=title`)).json();
    expect(byTitle.items.map((c: { title: string }) => c.title)).toEqual(['Middle', 'Newest', 'Oldest']);
    const unknown = (await call('GET', `${BASE}?sortedBy=password`)).json();
    expect(unknown.items.map((c: { title: string }) => c.title)).toEqual(['Newest', 'Middle', 'Oldest']);
  });

  it('refuses a page size over the limit', async () => {
    expect((await call('GET', `${BASE}?limit=1000`)).statusCode).toBe(400);
  });

  it('is refused without coupon:list', async () => {
    expect((await call('GET', BASE, undefined, advisor)).statusCode).toBe(403);
  });
});

describe('PATCH company/coupons/{id}/activate and deactivate', () => {
  it('deactivates and activates, auditing each change once', async () => {
    const coupon = await insertCoupon();
    const isActive = async () =>
      (await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.isActive;
    const audited = async (action: string) =>
      (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action))).filter(
        (event) => event.objectId === String(coupon.id),
      ).length;

    expect((await call('PATCH', `${BASE}/${coupon.id}/deactivate`)).statusCode).toBe(204);
    expect(await isActive()).toBe(false);
    // Deactivating again changes nothing, so nothing more is audited.
    expect((await call('PATCH', `${BASE}/${coupon.id}/deactivate`)).statusCode).toBe(204);
    expect(await audited('coupon.deactivated')).toBe(1);

    expect((await call('PATCH', `${BASE}/${coupon.id}/activate`)).statusCode).toBe(204);
    expect(await isActive()).toBe(true);
    expect(await audited('coupon.activated')).toBe(1);
  });

  it('answers 404 for an unknown coupon', async () => {
    expect((await call('PATCH', `${BASE}/999999/activate`)).statusCode).toBe(404);
  });

  it('is refused without coupon:change-status', async () => {
    const coupon = await insertCoupon();
    expect((await call('PATCH', `${BASE}/${coupon.id}/deactivate`, undefined, advisor)).statusCode).toBe(403);
    expect((await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.isActive).toBe(true);
  });
});

describe('GET company/coupons/code/{code}/is-available', () => {
  it('answers false for a taken code in any case and true for a free one', async () => {
    const coupon = await insertCoupon({ code: uniqueCode('Avail') });
    expect((await call('GET', `${BASE}/code/${coupon.code.toUpperCase()}/is-available`)).json()).toBe(false);
    expect((await call('GET', `${BASE}/code/${uniqueCode('Free')}/is-available`)).json()).toBe(true);
  });

  it('is refused without coupon:add', async () => {
    expect((await call('GET', `${BASE}/code/ANY/is-available`, undefined, advisor)).statusCode).toBe(403);
  });
});

describe('GET company/coupons/{code}/verify', () => {
  const verify = (code: string) => call('GET', `${BASE}/${encodeURIComponent(code)}/verify`, undefined, null);

  it('returns a usable coupon to anyone, in any case, with only what pricing needs', async () => {
    const coupon = await insertCoupon({ discountType: DISCOUNT_TYPE.fixed, discountValue: '25.50' });
    const response = await verify(coupon.code.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      coupon: { code: coupon.code, discountType: DISCOUNT_TYPE.fixed, discountValue: 25.5 },
      resultType: COUPON_VERIFY_RESULT.valid,
      resultMessage: 'The coupon has been applied.',
    });
  });

  it('returns no coupon and says why for an unknown, an inactive and an expired code', async () => {
    const inactive = await insertCoupon({ isActive: false });
    const expired = await insertCoupon({ expirationDate: new Date(Date.now() - 1000) });
    expect((await verify('NO-SUCH-CODE')).json()).toEqual({
      coupon: null,
      resultType: COUPON_VERIFY_RESULT.unknown,
      resultMessage: 'This coupon code does not exist.',
    });
    expect((await verify(inactive.code)).json()).toEqual({
      coupon: null,
      resultType: COUPON_VERIFY_RESULT.inactive,
      resultMessage: 'This coupon is no longer active.',
    });
    expect((await verify(expired.code)).json()).toEqual({
      coupon: null,
      resultType: COUPON_VERIFY_RESULT.expired,
      resultMessage: 'This coupon has expired.',
    });
  });

  it('verifies a coupon whose code is the word of the availability path', async () => {
    await insertCoupon({ code: 'code' });
    expect((await verify('code')).json().resultType).toBe(COUPON_VERIFY_RESULT.valid);
  });

  it('takes an unusual code as unknown rather than a bad request', async () => {
    expect((await verify('50% off!')).json().resultType).toBe(COUPON_VERIFY_RESULT.unknown);
  });

  it('throttles guessing per IP with 429 and Retry-After', async () => {
    await t.database.db.execute(sql`delete from auth_throttle where key like 'coupon-verify:%'`);
    const fromIp = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `${BASE}/GUESS/verify`, remoteAddress });
    for (let i = 0; i < COUPON_VERIFY_LIMITS.perIp; i++) expect((await fromIp('203.0.113.9')).statusCode).toBe(200);
    const refused = await fromIp('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await fromIp('203.0.113.10')).statusCode).toBe(200);
  });
});
