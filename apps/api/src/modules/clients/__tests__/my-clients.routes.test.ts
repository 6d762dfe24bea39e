import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_TYPE } from '@ledgerport/shared';
import { clientServices, clients, lastChosenClients, services } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, sessionClientOf, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const MY_CLIENTS = '/api/v1/document/users/me/clients';
const CURRENT = '/api/v1/document/users/me/clients/current';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

describe('bookkeeping use: one rule from the service history', () => {
  async function bookkeepingServiceId() {
    const [row] = await t.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.name, 'bookkeeping'));
    return row!.id;
  }

  it('answers true to the owner of a client given the Bookkeeping service, as the reconciliation API allows', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const client = await createClient(db, { ownerUserId: owner.id, clientType: CLIENT_TYPE.business });
    // What a lead's "create account" and the staff's create-client dialog do: services, no flag.
    await db.insert(clientServices).values({ clientId: client.id, serviceId: await bookkeepingServiceId() });
    await chooseCurrentClient(db, owner.id, client.id);
    const session = await signIn(t.app, owner.username, owner.password);

    const mine = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(mine).toEqual([expect.objectContaining({ id: client.id, usedBookkeepingServiceAtLeastOnce: true })]);
    const accounts = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/clients/${client.id}/institution-accounts`,
      headers: bearer(session),
    });
    expect(accounts.statusCode, accounts.body).toBe(200);

    // History: dropping the service keeps it, for the guard and the API alike.
    await db.delete(clientServices).where(eq(clientServices.clientId, client.id));
    const after = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(after[0].usedBookkeepingServiceAtLeastOnce).toBe(true);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/clients/${client.id}/institution-accounts`,
      headers: bearer(session),
    });
    expect(still.statusCode).toBe(200);
  });

  it('answers false, and the API refuses, for a business client that never had bookkeeping', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const client = await createClient(db, { ownerUserId: owner.id, clientType: CLIENT_TYPE.business });
    const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
    await db.insert(clientServices).values({ clientId: client.id, serviceId: tax!.id });
    await chooseCurrentClient(db, owner.id, client.id);
    const session = await signIn(t.app, owner.username, owner.password);
    const mine = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(mine[0].usedBookkeepingServiceAtLeastOnce).toBe(false);
    const accounts = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/clients/${client.id}/institution-accounts`,
      headers: bearer(session),
    });
    expect([403, 404]).toContain(accounts.statusCode);
  });
});

describe('my client accounts', () => {
  it("lists the accounts a client user owns, with the flags the web app's menu needs", async () => {
    const session = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const response = await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Batch1 Group1',
        clientType: CLIENT_TYPE.personal,
        usedBookkeepingServiceAtLeastOnce: false,
        isOwner: true,
      },
      {
        id: expect.any(Number),
        name: 'Batch1 Group1 LLC',
        clientType: CLIENT_TYPE.business,
        usedBookkeepingServiceAtLeastOnce: true,
        isOwner: true,
      },
    ]);
  });

  it('includes accounts the user actively collaborates on, and not inactive collaborations or clients', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const collaborator = await createUser(db);
    const shared = await createClient(db, {
      ownerUserId: owner.id,
      name: 'Shared Co',
      collaboratorUserIds: [collaborator.id],
    });
    await createClient(db, { ownerUserId: collaborator.id, name: 'Closed Co', isActive: false });
    const session = await signIn(t.app, collaborator.username, collaborator.password);
    const body = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(body).toEqual([expect.objectContaining({ id: shared.id, name: 'Shared Co', isOwner: false })]);
  });

  it("sets the current client server-side, on the caller's session and as the user's last choice", async () => {
    const session = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const [, business] = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    const response = await t.app.inject({
      method: 'PUT',
      url: CURRENT,
      headers: bearer(session),
      payload: { clientId: business.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(business);
    expect(await sessionClientOf(t.database.db, session)).toBe(business.id);
    const [last] = await t.database.db
      .select({ clientId: lastChosenClients.clientId })
      .from(lastChosenClients)
      .where(eq(lastChosenClients.userId, session.userId));
    expect(last?.clientId).toBe(business.id);
  });

  it("answers 404 for another user's client, and does not change the current client", async () => {
    const other = await signIn(t.app, 'b1g2_client@gmail.com', 'Group2');
    const [othersClient] = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(other) })).json();
    const session = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'PUT',
      url: CURRENT,
      headers: bearer(session),
      payload: { clientId: othersClient.id },
    });
    expect(response.statusCode).toBe(404);
    expect(await sessionClientOf(t.database.db, session)).not.toBe(othersClient.id);
  });

  it('refuses a client id that is not a positive integer', async () => {
    const session = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'PUT',
      url: CURRENT,
      headers: bearer(session),
      payload: { clientId: -3 },
    });
    expect(response.statusCode).toBe(400);
  });

  it('needs account:list: an advisor gets 403, an admin (who holds every permission) owns no account', async () => {
    const advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    expect((await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(advisor) })).statusCode).toBe(403);
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const response = await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('creating my own account', () => {
  const create = (session: { accessToken: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: MY_CLIENTS, headers: bearer(session), payload });

  it("creates a business account owned by the caller, with the caller's advisor, and lists it", async () => {
    const db = t.database.db;
    const advisor = await createUser(db, { role: 'advisor' });
    const user = await createUser(db, { advisorUserId: advisor.id });
    const session = await signIn(t.app, user.username, user.password);

    const response = await create(session, { clientType: CLIENT_TYPE.business, name: '  Fresh Start LLC ' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Fresh Start LLC',
      clientType: CLIENT_TYPE.business,
      usedBookkeepingServiceAtLeastOnce: false,
      isOwner: true,
    });
    const [row] = await db.select().from(clients).where(eq(clients.id, created.id));
    expect(row).toMatchObject({ ownerUserId: user.id, advisorUserId: advisor.id, isActive: true });

    const list = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(list).toEqual([created]);
    const current = await t.app.inject({
      method: 'PUT',
      url: CURRENT,
      headers: bearer(session),
      payload: { clientId: created.id },
    });
    expect(current.statusCode).toBe(200);
  });

  it('names a personal account after the first and last name; no advisor when the user has none', async () => {
    const user = await createUser(t.database.db);
    const session = await signIn(t.app, user.username, user.password);
    const response = await create(session, {
      clientType: CLIENT_TYPE.personal,
      name: '',
      firstName: 'Jane',
      lastName: 'Doe',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Jane Doe', clientType: CLIENT_TYPE.personal, isOwner: true });
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, response.json().id));
    expect(row?.advisorUserId).toBeNull();
  });

  it('validates per type: a business needs a name, a person first and last name', async () => {
    const session = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ clientType: CLIENT_TYPE.business, name: '   ', firstName: 'Jane', lastName: 'Doe' }, ['name']],
      [{ clientType: CLIENT_TYPE.personal, name: 'Doe LLC', firstName: '' }, ['firstName', 'lastName']],
      [{ clientType: 3, name: 'X' }, ['clientType']],
      [{ clientType: CLIENT_TYPE.business, name: 'x'.repeat(101) }, ['name']],
    ];
    for (const [payload, fields] of cases) {
      const response = await create(session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(fields);
    }
  });

  it('is for client users only: staff get 403', async () => {
    for (const login of ['b1g1_admin@gmail.com', 'b1g1_advisor@gmail.com']) {
      const session = await signIn(t.app, login, 'Group1');
      const response = await create(session, { clientType: CLIENT_TYPE.business, name: 'Staff Co' });
      expect(response.statusCode).toBe(403);
    }
  });
});
