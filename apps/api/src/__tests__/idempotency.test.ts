import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_ERROR, IDEMPOTENT_REPLAYED_HEADER } from '@ledgerport/shared';
import { coupons, idempotentRequests } from '../db/schema/index.js';
import { purgeIdempotentRequests } from '../plugins/idempotency.js';
import { ACTORS, setUpMatrixWorld, type MatrixRow, type MatrixWorld } from '../testing/authorization-matrix.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// The authorization matrix's rows give every route a request that works for some actor.
const rowFiles = import.meta.glob<{ rows: MatrixRow[] }>('../modules/**/__tests__/*.matrix.ts', { eager: true });
const MATRIX: MatrixRow[] = Object.values(rowFiles).flatMap((file) => file.rows);

let t: TestApp;
let world: MatrixWorld;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  world = await setUpMatrixWorld(t);
  admin = world.sessions.get('admin')!;
});
afterAll(() => t.close());

const couponBody = (code: string) => ({
  title: 'Ten off',
  code,
  discountType: 2,
  discountValue: 10,
  expirationDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

function createCoupon(session: SignedIn, key: string | undefined, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/company/coupons',
    headers: { ...bearer(session), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function couponCount(code: string) {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.code, code));
  return row!.count;
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing new', async () => {
    const key = randomUUID();
    const code = `IDEM${Date.now().toString(36).toUpperCase()}`;
    const body = couponBody(code);
    const first = await createCoupon(admin, key, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await createCoupon(admin, key, body);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await couponCount(code)).toBe(1);

    // Without a key a retry is a new request: the code is taken.
    expect((await createCoupon(admin, undefined, body)).statusCode).toBe(409);
  });

  it('refuses the key for another body, and a malformed key', async () => {
    const key = randomUUID();
    const code = `IDEM${Date.now().toString(36).toUpperCase()}B`;
    expect((await createCoupon(admin, key, couponBody(code))).statusCode).toBe(201);
    const other = await createCoupon(admin, key, couponBody(`${code}X`));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe(IDEMPOTENCY_ERROR.keyReused);
    expect(await couponCount(`${code}X`)).toBe(0);

    const malformed = await createCoupon(admin, 'short', couponBody(`${code}Y`));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe(IDEMPOTENCY_ERROR.invalidKey);
    expect(await couponCount(`${code}Y`)).toBe(0);
  });

  it('keeps each caller’s keys apart', async () => {
    const key = randomUUID();
    const advisor = await signIn(t.app, ...world.credentials.get('advisor')!);
    const mine = await createCoupon(admin, key, couponBody(`IDEM${Date.now().toString(36).toUpperCase()}C`));
    const theirs = await createCoupon(advisor, key, couponBody(`IDEM${Date.now().toString(36).toUpperCase()}D`));
    expect(mine.statusCode).toBe(201);
    // Another caller's key is theirs alone: the advisor's request runs (and is refused by permission).
    expect(theirs.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.body).not.toBe(mine.body);
  });

  it('stores the answer encrypted, releases a key whose request failed, and forgets answers after 24 hours', async () => {
    const key = randomUUID();
    const code = `IDEM${Date.now().toString(36).toUpperCase()}E`;
    const first = await createCoupon(admin, key, couponBody(code));
    expect(first.statusCode).toBe(201);
    const rows = await t.database.db.select().from(idempotentRequests);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.responseEncrypted ?? '').not.toContain(code);
      expect(row.keyHash).not.toBe(key);
    }

    await t.database.db.update(idempotentRequests).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    // Past the window the key is free again: a new request, and this code is taken now.
    expect((await createCoupon(admin, key, couponBody(code))).statusCode).toBe(409);
    await purgeIdempotentRequests(t.database.db);
    const left = await t.database.db.select({ id: idempotentRequests.id }).from(idempotentRequests);
    expect(left.length).toBe(1); // the answer just given, within the window
  });
});

describe('every creating POST, the same key twice at once', () => {
  const idempotentRows = () => {
    const idempotent = new Set(t.app.postRoutes.filter((route) => route.idempotent).map((route) => route.url));
    return MATRIX.filter((row) => row.method === 'POST' && idempotent.has(row.route));
  };

  it('lists every POST route as honouring the key or saying it does not: a new route must decide', () => {
    const undecided = t.app.postRoutes
      .filter((route) => !route.idempotent && !route.declared)
      .map((route) => route.url);
    expect(undecided).toEqual([]);
    expect(idempotentRows().length).toBe(t.app.postRoutes.filter((route) => route.idempotent).length);
  });

  it('runs the handler once and answers both with the same answer', async () => {
    const failures: string[] = [];
    for (const row of idempotentRows()) {
      // An actor the route serves; where the matrix's request is refused for everyone (a made-up bank
      // token), one it refuses on the merits: a refusal is an answer, stored and given again too.
      const answered = (low: number, high: number) =>
        ACTORS.find((candidate) => {
          const status = row.expect[candidate];
          return status !== undefined && status >= low && status < high && !row.endsSession;
        });
      const actor =
        answered(200, 300) ??
        ACTORS.find((candidate) => [400, 409, 422].includes(row.expect[candidate] ?? 0) && !row.endsSession);
      if (!actor) {
        failures.push(`${row.route}: no actor may call it`);
        continue;
      }
      const fixture = world.fixture;
      const session = actor === 'anonymous' ? undefined : world.sessions.get(actor);
      const body = row.body ? await row.body(fixture, actor) : undefined;
      const raw = row.raw ? await row.raw(fixture, actor) : undefined;
      const url = row.url ? await row.url(fixture, actor) : row.route;
      const key = randomUUID();
      const send = () =>
        t.app.inject({
          method: 'POST',
          url,
          headers: {
            ...raw?.headers,
            ...(session ? { authorization: `Bearer ${session.accessToken}` } : {}),
            'idempotency-key': key,
          },
          ...(raw ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
        });
      const [one, two] = await Promise.all([send(), send()]);
      const replayed = [one, two].filter((response) => response.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true');
      if (one.statusCode !== two.statusCode || one.body !== two.body || replayed.length !== 1) {
        failures.push(`${row.route} as ${actor}: ${one.statusCode} ${two.statusCode}, ${replayed.length} replayed`);
      }
    }
    expect(failures).toEqual([]);
  });
});
