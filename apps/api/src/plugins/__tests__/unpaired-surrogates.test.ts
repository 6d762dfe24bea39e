import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '@ledgerport/shared';
import { auditEvents, tagGroups } from '../../db/schema/index.js';
import { seedDemoFirm } from '../../db/seed/demo.js';
import { bearer, signIn, type SignedIn } from '../../testing/session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { findUnpairedSurrogate, UNPAIRED_SURROGATE_MESSAGE } from '../well-formed-text.js';

/**
 * Issue 17 item 8: a string holding an unpaired UTF-16 surrogate is refused at the edge with a 400
 * in the error envelope, whatever the route. Before, sign-in with the login "\ud800" answered 500 on
 * PostgreSQL 15 (the failed-sign-in audit event's JSON was refused) and 200 on PGlite. Run it on
 * both: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres.
 */

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
});
afterAll(() => t.close());

function expectRefused(response: { statusCode: number; json: () => unknown }, where: string, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: ERROR_CODE.validation,
      message: UNPAIRED_SURROGATE_MESSAGE,
      requestId: expect.any(String),
      details: [{ in: where, field, message: 'UNPAIRED_SURROGATE' }],
    },
  });
}

describe('an unpaired UTF-16 surrogate in a string input', () => {
  it('in the sign-in login: 400, and no audit event is attempted', async () => {
    const before = await t.database.db.select().from(auditEvents);
    for (const login of ['\ud800', 'admin\udfff', '\udfff\ud800']) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/account/authenticate',
          payload: { usernameOrEmailAddress: login, password: 'Group1' },
        }),
        'body',
        'usernameOrEmailAddress',
      );
    }
    expect(await t.database.db.select().from(auditEvents)).toHaveLength(before.length);
  });

  it('in a password, a nested field, an array item or an object key of a signed-in call: 400', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        payload: { usernameOrEmailAddress: 'b1g1_admin', password: 'Group1\ud83d' },
      }),
      'body',
      'password',
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/document/tag-groups',
        headers: bearer(admin),
        payload: { name: 'surrogate-group', displayName: 'Surrogate \ud800 group', color: '#112233' },
      }),
      'body',
      'displayName',
    );
    expect(await t.database.db.select().from(tagGroups).where(eq(tagGroups.name, 'surrogate-group'))).toEqual([]);
    expect(findUnpairedSurrogate({ a: [{ b: 'ok' }, { c: 'x\udc00' }] })).toBe('a.1.c');
    expect(findUnpairedSurrogate({ ok: { ['k\ud800']: 1 } })).toBe('ok');
    // Raw webhook bodies stay bytes; a cyclic object is walked once.
    expect(findUnpairedSurrogate(Buffer.from('\ud800'))).toBeNull();
    const cyclic: Record<string, unknown> = { a: 'fine' };
    cyclic.self = cyclic;
    expect(findUnpairedSurrogate(cyclic)).toBeNull();
  });

  it('as raw JSON text (an escaped lone surrogate in the body): 400', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: '{"usernameOrEmailAddress":"\\ud800","password":"x"}',
      }),
      'body',
      'usernameOrEmailAddress',
    );
  });

  it('leaves well-formed text alone: a surrogate pair (an emoji) is a valid character', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: 'nobody\ud83d\ude00', password: 'Group1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: null });
    expect(findUnpairedSurrogate({ a: ['👨‍👩‍👧‍👦', 'İıß', '\u202E'] })).toBeNull();
  });
});
