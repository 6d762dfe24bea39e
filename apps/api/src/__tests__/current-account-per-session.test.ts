import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  announcements,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  services,
} from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { createDocument } from '../testing/documents-factories.js';
import { createClient, createUser } from '../testing/factories.js';
import { bearer, sessionClientOf, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { insertRequest } from '../modules/requests/__tests__/requests-fixtures.js';

/**
 * The current account belongs to the session, not the person (ADR 0014): one person signed in on a
 * phone and a laptop may act for two accounts at once, and neither switches the other's.
 */
const D = '/api/v1/document';
const CURRENT = `${D}/users/me/clients/current`;

let t: TestApp;
let tax: number;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  // The demo firm's announcements would show in every To do: these tests count request items only.
  await t.database.db.update(announcements).set({ isActive: false });
  const [row] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  tax = row!.id;
});
afterAll(() => t.close());

const get = (session: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const choose = (session: SignedIn, clientId: number) =>
  t.app.inject({ method: 'PUT', url: CURRENT, headers: bearer(session), payload: { clientId } });

async function ok(session: SignedIn, url: string) {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** One person owning one account and collaborating (Tax granted) on another; each has a document and a request. */
async function personWithTwoAccounts() {
  const db = t.database.db;
  const person = await createUser(db, { role: 'client' });
  const partner = await createUser(db, { role: 'client' });
  const own = await createClient(db, { ownerUserId: person.id, name: 'Own Books LLC' });
  const shared = await createClient(db, { ownerUserId: partner.id, name: 'Shared Books LLC' });
  await db.insert(clientServices).values([
    { clientId: own.id, serviceId: tax },
    { clientId: shared.id, serviceId: tax },
  ]);
  await db.insert(clientCollaborators).values({ clientId: shared.id, userId: person.id });
  await db.insert(clientCollaboratorServices).values({ clientId: shared.id, userId: person.id, serviceId: tax });
  const documents = {
    own: await createDocument(db, t.app.storage, {
      clientId: own.id,
      serviceId: tax,
      creatorUserId: person.id,
      displayName: 'Own receipt',
    }),
    shared: await createDocument(db, t.app.storage, {
      clientId: shared.id,
      serviceId: tax,
      creatorUserId: partner.id,
      displayName: 'Shared receipt',
    }),
  };
  const requests = {
    own: await insertRequest(db, { clientId: own.id, serviceId: tax, title: 'Own statements' }),
    shared: await insertRequest(db, { clientId: shared.id, serviceId: tax, title: 'Shared statements' }),
  };
  return { person, own, shared, documents, requests };
}

const ids = (body: { items: Array<{ id: number }> }) => body.items.map((item) => item.id);

describe('the current account is per session', () => {
  it('lets two sessions of one person act for two accounts, each listing only its own', async () => {
    const w = await personWithTwoAccounts();
    const phone = await signIn(t.app, w.person.username, w.person.password);
    const laptop = await signIn(t.app, w.person.username, w.person.password);
    expect((await choose(phone, w.own.id)).statusCode).toBe(200);
    expect((await choose(laptop, w.shared.id)).statusCode).toBe(200);

    // The laptop's choice came second and did not move the phone.
    for (const [session, mine, theirs] of [
      [phone, 'own', 'shared'],
      [laptop, 'shared', 'own'],
    ] as const) {
      expect(ids(await ok(session, `${D}/documents/my-upload`))).toEqual([w.documents[mine].id]);
      expect(ids(await ok(session, `${D}/requests`))).toEqual([w.requests[mine].id]);
      const toDo = await ok(session, `${D}/users/me/to-dos`);
      expect(toDo.items.map((item: { requestId: number }) => item.requestId)).toEqual([w.requests[mine].id]);
      // The other account's objects are out of this session's scope: 404, as for a stranger.
      expect((await get(session, `${D}/requests/${w.requests[theirs].id}`)).statusCode).toBe(404);
      expect((await get(session, `${D}/documents/${w.documents[theirs].id}`)).statusCode).toBe(404);
    }
  });

  it('starts a new sign-in on the account the person chose last, in whichever session', async () => {
    const w = await personWithTwoAccounts();
    const first = await signIn(t.app, w.person.username, w.person.password);
    // Never chosen: a new session acts for none.
    expect(ids(await ok(first, `${D}/documents/my-upload`))).toEqual([]);
    expect(await sessionClientOf(t.database.db, first)).toBeNull();

    expect((await choose(first, w.shared.id)).statusCode).toBe(200);
    const second = await signIn(t.app, w.person.username, w.person.password);
    expect(await sessionClientOf(t.database.db, second)).toBe(w.shared.id);
    expect(ids(await ok(second, `${D}/documents/my-upload`))).toEqual([w.documents.shared.id]);

    expect((await choose(second, w.own.id)).statusCode).toBe(200);
    const third = await signIn(t.app, w.person.username, w.person.password);
    expect(ids(await ok(third, `${D}/documents/my-upload`))).toEqual([w.documents.own.id]);
    // The first session kept its own choice throughout.
    expect(ids(await ok(first, `${D}/documents/my-upload`))).toEqual([w.documents.shared.id]);
  });

  it('treats a session whose account the person has lost as acting for none, and refuses choosing it', async () => {
    const w = await personWithTwoAccounts();
    const session = await signIn(t.app, w.person.username, w.person.password);
    expect((await choose(session, w.shared.id)).statusCode).toBe(200);
    // Staff take the person off the shared client (the Edit client screen deletes the row).
    await t.database.db.delete(clientCollaborators).where(eq(clientCollaborators.userId, w.person.id));

    expect(await sessionClientOf(t.database.db, session)).toBe(w.shared.id);
    expect(ids(await ok(session, `${D}/documents/my-upload`))).toEqual([]);
    expect(ids(await ok(session, `${D}/requests`))).toEqual([]);
    expect((await get(session, `${D}/requests/${w.requests.shared.id}`)).statusCode).toBe(404);
    expect((await choose(session, w.shared.id)).statusCode).toBe(404);
    // Nor does a new sign-in start on it.
    const next = await signIn(t.app, w.person.username, w.person.password);
    expect(ids(await ok(next, `${D}/documents/my-upload`))).toEqual([]);
  });

  it("does not change the user's version: an administrator's edit and the person's profile save keep their ETag", async () => {
    const w = await personWithTwoAccounts();
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const session = await signIn(t.app, w.person.username, w.person.password);
    const adminView = () => get(admin, `/api/v1/identity/users/${w.person.id}`);
    const ownView = () => get(session, '/api/v1/identity/users/me');
    const before = { admin: (await adminView()).headers.etag, own: (await ownView()).headers.etag };
    expect(before.admin).toBeTruthy();
    expect(before.own).toBeTruthy();

    expect((await choose(session, w.shared.id)).statusCode).toBe(200);
    expect((await choose(session, w.own.id)).statusCode).toBe(200);

    expect((await adminView()).headers.etag).toBe(before.admin);
    expect((await ownView()).headers.etag).toBe(before.own);
  });
});
