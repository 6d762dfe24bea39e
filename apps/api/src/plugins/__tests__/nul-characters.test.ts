import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '@ledgerport/shared';
import { documentComments, services, tagGroups } from '../../db/schema/index.js';
import { seedDemoFirm } from '../../db/seed/demo.js';
import { createDocument } from '../../testing/documents-factories.js';
import { createClient, createUser } from '../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../testing/session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * JSON strings may hold U+0000; PostgreSQL text and jsonb cannot. Whatever route such a string reaches,
 * the answer is a 400 in the usual error envelope, never a 500 (on PGlite and on PostgreSQL alike).
 */

const NUL = '\u0000';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
});
afterAll(() => t.close());

function expectNulRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: ERROR_CODE.validation,
      message: 'The request contains a character that cannot be stored: text must not contain NUL (\\u0000).',
      requestId: expect.any(String),
    },
  });
}

describe('a NUL character in a JSON text field', () => {
  it('in a tag group name: 400, and no tag group is created', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/document/tag-groups',
      headers: bearer(admin),
      payload: { name: `nul${NUL}group`, displayName: 'Nul group', color: '#112233' },
    });
    expectNulRefused(response);
    const created = await t.database.db.select().from(tagGroups).where(eq(tagGroups.displayName, 'Nul group'));
    expect(created).toEqual([]);
  });

  it('in a document comment: 400, and no comment is stored', async () => {
    const owner = await createUser(t.database.db, { role: 'client' });
    const client = await createClient(t.database.db, { ownerUserId: owner.id });
    const [tax] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
    const document = await createDocument(t.database.db, t.app.storage, {
      clientId: client.id,
      serviceId: tax!.id,
      creatorUserId: admin.userId,
    });
    const url = `/api/v1/document/documents/${document.id}/comments`;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { commentText: `before${NUL}after` },
    });
    expectNulRefused(response);
    expect(
      await t.database.db.select().from(documentComments).where(eq(documentComments.documentId, document.id)),
    ).toEqual([]);

    // The same comment without the NUL is stored: only the character was the problem.
    const clean = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload: { commentText: 'ok' } });
    expect(clean.statusCode).toBe(201);
  });

  it('in a query-string filter and in a public sign-in: 400 too', async () => {
    expectNulRefused(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/identity/audit-events',
        query: { search: `a${NUL}b` },
        headers: bearer(admin),
      }),
    );
    expectNulRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        payload: { usernameOrEmailAddress: `admin${NUL}`, password: 'Group1' },
      }),
    );
  });
});
