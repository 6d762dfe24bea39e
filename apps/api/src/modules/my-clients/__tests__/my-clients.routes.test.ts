import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLIENT_TYPE } from '@ledgerport/shared';
import { users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const MY_CLIENTS = '/api/v1/document/users/me/clients';
const CURRENT = '/api/v1/document/users/me/clients/current';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

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

  it('sets the current client server-side', async () => {
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
    const [row] = await t.database.db
      .select({ current: users.currentClientId })
      .from(users)
      .where(eq(users.id, session.userId));
    expect(row?.current).toBe(business.id);
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
    const [row] = await t.database.db
      .select({ current: users.currentClientId })
      .from(users)
      .where(eq(users.id, session.userId));
    expect(row?.current).not.toBe(othersClient.id);
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
