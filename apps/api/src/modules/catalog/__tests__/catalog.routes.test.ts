import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  clientCollaboratorServices,
  clients,
  rolePermissions,
  roles,
  services,
  tags,
  userRoles,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { insertMainGroupTag, insertService } from '../../../testing/catalog-factories.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const ALL_SERVICES = '/api/v1/document/services/all';
const clientServicesUrl = (clientId: number | string) => `/api/v1/document/clients/${clientId}/services`;
const tagsUrl = (serviceId: number | string) =>
  `/api/v1/document/services/${serviceId}/main-tag-group-tags/document-assigned`;

let t: TestApp;
let employee: SignedIn;
let client: SignedIn;
let serviceIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  client = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
  const rows = await t.database.db.select({ id: services.id, name: services.name }).from(services);
  serviceIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

const get = (session: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });

async function clientIdByName(name: string) {
  const [row] = await t.database.db.select({ id: clients.id }).from(clients).where(eq(clients.name, name));
  return row!.id;
}

describe('GET document/services/all', () => {
  it('lists the active services without icons unless asked, for anyone signed in', async () => {
    const inactive = await insertService(t.database.db, { isActive: false });
    const response = await get(client, ALL_SERVICES);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<Record<string, unknown>>;
    expect(body.map((s) => s.name)).toEqual(['tax', 'payroll', 'bookkeeping']);
    expect(body.map((s) => s.id)).not.toContain(inactive.id);
    expect(body[0]).toEqual({
      id: serviceIds.tax,
      name: 'tax',
      displayName: 'Tax',
      color: '#1E88E5',
      departmentId: expect.any(Number),
    });
  });

  it('includes the icons with includeIcons=true', async () => {
    const icon = Buffer.from('not really a png').toString('base64');
    const withIcon = await insertService(t.database.db, { listIcon: icon });
    const body = (await get(employee, `${ALL_SERVICES}?includeIcons=true`)).json() as Array<Record<string, unknown>>;
    expect(body.find((s) => s.id === serviceIds.tax)).toHaveProperty('listIcon', null);
    expect(body.find((s) => s.id === withIcon.id)).toHaveProperty('listIcon', icon);
  });

  it('refuses a malformed includeIcons', async () => {
    expect((await get(employee, `${ALL_SERVICES}?includeIcons=maybe`)).statusCode).toBe(400);
  });
});

describe('GET document/clients/{clientId}/services', () => {
  it("lists a client user's own client's active services", async () => {
    const llc = await clientIdByName('Batch1 Group1 LLC');
    const response = await get(client, `${clientServicesUrl(llc)}?includeIcons=true`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: serviceIds.tax, name: 'tax', listIcon: null }),
      expect.objectContaining({ id: serviceIds.bookkeeping, name: 'bookkeeping', listIcon: null }),
    ]);
  });

  it('leaves out inactive services', async () => {
    const owner = await createUser(t.database.db);
    const own = await createClient(t.database.db, { ownerUserId: owner.id });
    const active = await insertService(t.database.db, { clientIds: [own.id] });
    await insertService(t.database.db, { clientIds: [own.id], isActive: false });
    const session = await signIn(t.app, owner.username, owner.password);
    expect((await get(session, clientServicesUrl(own.id))).json()).toEqual([
      expect.objectContaining({ id: active.id }),
    ]);
  });

  it("lets a collaborator see only the client's services granted to them; someone else's client is 404", async () => {
    const owner = await createUser(t.database.db);
    const collaborator = await createUser(t.database.db);
    const shared = await createClient(t.database.db, { ownerUserId: owner.id, collaboratorUserIds: [collaborator.id] });
    const granted = await insertService(t.database.db, { clientIds: [shared.id] });
    const notGranted = await insertService(t.database.db, { clientIds: [shared.id] });
    await t.database.db
      .insert(clientCollaboratorServices)
      .values({ clientId: shared.id, userId: collaborator.id, serviceId: granted.id });

    const session = await signIn(t.app, collaborator.username, collaborator.password);
    expect((await get(session, clientServicesUrl(shared.id))).json()).toEqual([
      expect.objectContaining({ id: granted.id }),
    ]);
    // The owner sees them all.
    const ownerSession = await signIn(t.app, owner.username, owner.password);
    expect((await get(ownerSession, clientServicesUrl(shared.id))).json()).toEqual([
      expect.objectContaining({ id: granted.id }),
      expect.objectContaining({ id: notGranted.id }),
    ]);
    expect((await get(client, clientServicesUrl(shared.id))).statusCode).toBe(404);
  });

  it('answers 404 for an inactive client of the user', async () => {
    const owner = await createUser(t.database.db);
    const closed = await createClient(t.database.db, { ownerUserId: owner.id, isActive: false });
    const session = await signIn(t.app, owner.username, owner.password);
    expect((await get(session, clientServicesUrl(closed.id))).statusCode).toBe(404);
  });

  it("lets staff with client:list see any client's services; an unknown client is 404", async () => {
    const llc = await clientIdByName('Batch1 Group2 LLC');
    const response = await get(employee, clientServicesUrl(llc));
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ id: number }>).map((s) => s.id)).toEqual([
      serviceIds.tax,
      serviceIds.bookkeeping,
    ]);
    expect((await get(employee, clientServicesUrl(999_999))).statusCode).toBe(404);
  });

  it('answers 403 to a role holding neither client:list nor account:list', async () => {
    const db = t.database.db;
    const [role] = await db.insert(roles).values({ name: 'reader', displayName: 'Reader' }).returning();
    await db.insert(rolePermissions).values({ roleId: role!.id, permission: 'received:list' });
    const user = await createUser(db, { role: 'employee' });
    await db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await db.insert(userRoles).values({ userId: user.id, roleId: role!.id });
    const session = await signIn(t.app, user.username, user.password);
    const llc = await clientIdByName('Batch1 Group1 LLC');
    expect((await get(session, clientServicesUrl(llc))).statusCode).toBe(403);
    // The catalogue itself is open to everyone signed in.
    expect((await get(session, ALL_SERVICES)).statusCode).toBe(200);
  });

  it('refuses an id that is not a positive integer', async () => {
    expect((await get(employee, clientServicesUrl('abc'))).statusCode).toBe(400);
    expect((await get(employee, clientServicesUrl(0))).statusCode).toBe(400);
  });
});

describe('GET document/services/{serviceId}/main-tag-group-tags/document-assigned', () => {
  it('lists the active main-group tags that apply to the service', async () => {
    const response = await get(client, tagsUrl(serviceIds.tax!));
    expect(response.statusCode).toBe(200);
    expect((response.json() as Array<{ displayName: string }>).map((tag) => tag.displayName)).toEqual([
      'Tax Return',
      'IRS/State Letter',
      'License',
      'Other Documents',
    ]);
    expect(response.json()[0]).toEqual({
      id: expect.any(Number),
      name: 'tax-return',
      displayName: 'Tax Return',
      listIcon: null,
    });
  });

  it('leaves out inactive tags and tags of other services', async () => {
    const service = await insertService(t.database.db);
    const active = await insertMainGroupTag(t.database.db, [service.id], { listIcon: 'aWNvbg==' });
    await insertMainGroupTag(t.database.db, [service.id], { isActive: false });
    await insertMainGroupTag(t.database.db, [serviceIds.payroll!]);
    const body = (await get(employee, tagsUrl(service.id))).json();
    expect(body).toEqual([{ id: active.id, name: active.name, displayName: active.displayName, listIcon: 'aWNvbg==' }]);
    await t.database.db.update(tags).set({ isActive: false }).where(eq(tags.id, active.id));
    expect((await get(employee, tagsUrl(service.id))).json()).toEqual([]);
  });

  it('answers 404 for an unknown service and 400 for a malformed id', async () => {
    expect((await get(employee, tagsUrl(999_999))).statusCode).toBe(404);
    expect((await get(employee, tagsUrl('x'))).statusCode).toBe(400);
  });
});
