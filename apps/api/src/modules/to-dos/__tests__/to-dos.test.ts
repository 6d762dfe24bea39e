import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUEST_ITEM_STATUS, REQUEST_STATUS, TO_DO_KIND, type ToDo } from '@ledgerport/shared';
import {
  announcements,
  clientCollaboratorServices,
  clientServices,
  requests,
  rolePermissions,
  roles,
  services,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAnnouncement } from '../../announcements/__tests__/announcement-factory.js';
import { insertContractor } from '../../contractors/__tests__/contractors-fixtures.js';
import { daysFromNow, insertRequest } from '../../requests/__tests__/requests-fixtures.js';

const URL = '/api/v1/document/users/me/to-dos';

let t: TestApp;
let tax: number;
let bookkeeping: number;

async function toDos(session: SignedIn): Promise<ToDo[]> {
  const response = await t.app.inject({ method: 'GET', url: URL, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.totalCount).toBe(body.items.length);
  return body.items;
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  // The demo firm's announcements would show for every client: this test makes its own.
  await t.database.db.update(announcements).set({ isActive: false });
  const rows = await t.database.db.select({ id: services.id, name: services.name }).from(services);
  tax = rows.find((row) => row.name === 'tax')!.id;
  bookkeeping = rows.find((row) => row.name === 'bookkeeping')!.id;
});
afterAll(() => t.close());

describe("the client's To do", () => {
  it('lists open request items soonest due first, overdue marked, then announcements and the 1099 fee', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { role: 'client' });
    const collaborator = await createUser(db, { role: 'client' });
    const client = await createClient(db, { ownerUserId: owner.id, collaboratorUserIds: [collaborator.id] });
    await db.insert(clientServices).values([
      { clientId: client.id, serviceId: tax },
      { clientId: client.id, serviceId: bookkeeping },
    ]);
    await db
      .insert(clientCollaboratorServices)
      .values({ clientId: client.id, userId: collaborator.id, serviceId: bookkeeping });
    for (const user of [owner, collaborator]) await chooseCurrentClient(db, user.id, client.id);

    const later = await insertRequest(db, {
      clientId: client.id,
      serviceId: bookkeeping,
      title: 'Bank statements - March',
      dueDate: daysFromNow(20),
      items: [{ title: 'Checking statement' }, { title: 'Already sent', status: REQUEST_ITEM_STATUS.submitted }],
    });
    const overdue = await insertRequest(db, {
      clientId: client.id,
      serviceId: tax,
      title: 'Tax documents',
      dueDate: daysFromNow(-2),
      items: [{ title: 'W-2' }, { title: 'Accepted one', status: REQUEST_ITEM_STATUS.accepted }],
    });
    const done = await insertRequest(db, {
      clientId: client.id,
      serviceId: tax,
      title: 'Old',
      items: [{ title: 'Gone' }],
    });
    await db.update(requests).set({ status: REQUEST_STATUS.cancelled }).where(eq(requests.id, done.id));
    await createAnnouncement(db, { title: 'New office hours' });
    await insertContractor(db, { clientId: client.id });

    const ownerSession = await signIn(t.app, owner.username, owner.password);
    const items = await toDos(ownerSession);
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      [TO_DO_KIND.requestItem, 'W-2'],
      [TO_DO_KIND.requestItem, 'Checking statement'],
      [TO_DO_KIND.announcement, 'New office hours'],
      [TO_DO_KIND.contractorFee, 'Pay the 1099 filing fee'],
    ]);
    expect(items[0]).toMatchObject({ isOverdue: true, detail: 'Tax documents', link: `/requests/${overdue.id}` });
    expect(items[1]).toMatchObject({ isOverdue: false, requestId: later.id, itemId: later.itemIds[0] });
    expect(items[3]).toMatchObject({ detail: '$15.00', link: '/1099-form' });

    // A collaborator granted Bookkeeping only sees the Bookkeeping request's item, not the Tax one.
    const collaboratorItems = await toDos(await signIn(t.app, collaborator.username, collaborator.password));
    expect(collaboratorItems.filter((item) => item.kind === TO_DO_KIND.requestItem).map((item) => item.title)).toEqual([
      'Checking statement',
    ]);

    // Another client's owner sees none of it; staff have no To do.
    const stranger = await createUser(db, { role: 'client' });
    const strangerClient = await createClient(db, { ownerUserId: stranger.id });
    await chooseCurrentClient(db, stranger.id, strangerClient.id);
    const strangerItems = await toDos(await signIn(t.app, stranger.username, stranger.password));
    expect(strangerItems.filter((item) => item.kind !== TO_DO_KIND.announcement)).toEqual([]);
    expect(await toDos(await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1'))).toEqual([]);
  });
});

describe('a client role without requests', () => {
  it('shows no request items to a client whose role no longer holds request:list', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { role: 'client' });
    const client = await createClient(db, { ownerUserId: owner.id });
    await db.insert(clientServices).values({ clientId: client.id, serviceId: tax });
    await chooseCurrentClient(db, owner.id, client.id);
    await insertRequest(db, { clientId: client.id, serviceId: tax, items: [{ title: 'Hidden' }] });
    const session = await signIn(t.app, owner.username, owner.password);
    const requestItems = async () =>
      (await toDos(session)).filter((item) => item.kind === TO_DO_KIND.requestItem).map((item) => item.title);
    expect(await requestItems()).toEqual(['Hidden']);
    const [clientRole] = await db.select().from(roles).where(eq(roles.name, 'client'));
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, clientRole!.id), eq(rolePermissions.permission, 'request:list')));
    try {
      // Permissions are read on every request: the next call already goes without.
      expect(await requestItems()).toEqual([]);
    } finally {
      await db.insert(rolePermissions).values({ roleId: clientRole!.id, permission: 'request:list' });
    }
  });
});
