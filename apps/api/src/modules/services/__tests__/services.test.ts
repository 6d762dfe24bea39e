import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SERVICE_ICON_MAX_BYTES } from '@ledgerport/shared';
import { auditEvents, departments, services, tagServices } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { createService } from '../../../testing/services-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const SERVICES = '/api/v1/document/services';
const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (extraBytes = 16) =>
  Buffer.from([...PNG_HEADER, ...new Array<number>(extraBytes).fill(1)]).toString('base64');

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let departmentIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const rows = await t.database.db.select().from(departments);
  departmentIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(() => t.close());

function call(
  session: SignedIn | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: session ? bearer(session) : {}, ...(payload ? { payload } : {}) });
}

const unique = () => Math.random().toString(36).slice(2, 8);

function serviceInput(overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  return {
    name: `audit-${suffix}`,
    displayName: `Audit ${suffix}`,
    departmentId: departmentIds.tax,
    color: '#aa00ff',
    listIcon: null,
    ...overrides,
  };
}

const fields = (body: { error: { details: Array<{ field: string }> } }) =>
  body.error.details.map((detail) => detail.field).sort();

describe('GET document/services', () => {
  it('lists a page with the department, without icons unless asked', async () => {
    await createService(t.database.db, { name: 'zz-iconic', displayName: 'ZZ Iconic', listIcon: png() });
    const response = await call(admin, 'GET', `${SERVICES}?limit=50`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toContainEqual({
      version: expect.stringMatching(/^\d+$/),
      id: expect.any(Number),
      name: 'tax',
      displayName: 'Tax',
      departmentId: departmentIds.tax,
      departmentDisplayName: 'Tax',
      color: '#1E88E5',
      isActive: true,
      listIcon: null,
    });
    expect(body.items.find((s: { name: string }) => s.name === 'zz-iconic').listIcon).toBeNull();
    const withIcons = (await call(admin, 'GET', `${SERVICES}?limit=50&includeIcons=true`)).json();
    expect(withIcons.items.find((s: { name: string }) => s.name === 'zz-iconic').listIcon).toBe(png());
  });

  it('filters by name, display name, department and status, and pages', async () => {
    const suffix = unique();
    const db = t.database.db;
    await createService(db, {
      name: `a-${suffix}`,
      displayName: `Alpha ${suffix}`,
      departmentId: departmentIds.payroll,
    });
    await createService(db, {
      name: `b-${suffix}`,
      displayName: `Beta ${suffix}`,
      departmentId: departmentIds.payroll,
    });
    await createService(db, {
      name: `c-${suffix}`,
      displayName: `Gamma ${suffix}`,
      departmentId: departmentIds.payroll,
      isActive: false,
    });
    const names = async (query: string) =>
      (await call(admin, 'GET', `${SERVICES}?${query}`)).json().items.map((s: { name: string }) => s.name);

    expect(await names(`name=${suffix.toUpperCase()}`)).toEqual([`a-${suffix}`, `b-${suffix}`, `c-${suffix}`]);
    expect(await names(`name=${suffix}&isActive=true`)).toEqual([`a-${suffix}`, `b-${suffix}`]);
    expect(await names(`name=${suffix}&isActive=false`)).toEqual([`c-${suffix}`]);
    expect(await names(`displayName=beta%20${suffix}`)).toEqual([`b-${suffix}`]);
    expect(
      await names(`departmentId=${departmentIds.payroll}&name=${suffix}&sortedBy=displayName&sortedDesc=true`),
    ).toEqual([`c-${suffix}`, `b-${suffix}`, `a-${suffix}`]);
    const page = (await call(admin, 'GET', `${SERVICES}?name=${suffix}&limit=2&offset=2`)).json();
    expect(page).toMatchObject({ totalCount: 3, items: [{ name: `c-${suffix}` }] });
  });

  it('sorts by department', async () => {
    const body = (await call(admin, 'GET', `${SERVICES}?sortedBy=departmentDisplayName&limit=100`)).json();
    const names = body.items.map((s: { departmentDisplayName: string }) => s.departmentDisplayName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
  });

  it('refuses malformed filters with the field named', async () => {
    const response = await call(admin, 'GET', `${SERVICES}?departmentId=-1&isActive=maybe`);
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['departmentId', 'isActive']);
  });

  it('needs service:list', async () => {
    expect((await call(advisor, 'GET', SERVICES)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', SERVICES)).statusCode).toBe(401);
  });
});

describe('GET document/services/{id}', () => {
  it('gives one service with its icon', async () => {
    const service = await createService(t.database.db, { listIcon: png() });
    const response = await call(admin, 'GET', `${SERVICES}/${service.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: service.id, name: service.name, listIcon: png() });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call(admin, 'GET', `${SERVICES}/999999`)).statusCode).toBe(404);
  });
});

describe('availability checks', () => {
  it('says whether a name or display name is free, ignoring case', async () => {
    const check = async (kind: string, value: string) =>
      (await call(admin, 'GET', `${SERVICES}/${kind}/${encodeURIComponent(value)}/is-available`)).json();
    expect(await check('name', 'TAX')).toBe(false);
    expect(await check('display-name', 'payroll')).toBe(false);
    expect(await check('name', `free-${unique()}`)).toBe(true);
    expect(await check('display-name', `Free ${unique()}`)).toBe(true);
    expect((await call(advisor, 'GET', `${SERVICES}/name/tax/is-available`)).statusCode).toBe(403);
  });
});

describe('POST document/services', () => {
  it('creates a service, colour in capitals, and audits it', async () => {
    const input = serviceInput({ listIcon: png() });
    const response = await call(admin, 'POST', SERVICES, input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      version: expect.stringMatching(/^\d+$/),
      id: expect.any(Number),
      name: input.name,
      displayName: input.displayName,
      departmentId: departmentIds.tax,
      departmentDisplayName: 'Tax',
      color: '#AA00FF',
      isActive: true,
      listIcon: png(),
    });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'service.created'), eq(auditEvents.objectId, String(body.id))));
    expect(events).toHaveLength(1);
  });

  it('requires name, display name, department and colour, naming each field', async () => {
    const response = await call(admin, 'POST', SERVICES, { name: ' ', displayName: '', color: '' });
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['color', 'departmentId', 'displayName', 'name']);
  });

  it('refuses a colour that is not #RRGGBB', async () => {
    const response = await call(admin, 'POST', SERVICES, serviceInput({ color: 'red' }));
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['color']);
  });

  it('refuses an icon that is not really a PNG', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]).toString('base64');
    for (const listIcon of [jpeg, 'not base64 at all!']) {
      const response = await call(admin, 'POST', SERVICES, serviceInput({ listIcon }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ field: 'listIcon', message: 'The icon must be a PNG image.' }),
      ]);
    }
  });

  it('refuses an icon over 256 KB', async () => {
    const response = await call(admin, 'POST', SERVICES, serviceInput({ listIcon: png(SERVICE_ICON_MAX_BYTES) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      expect.objectContaining({ field: 'listIcon', message: 'The icon must be at most 256 KB.' }),
    ]);
  });

  it('refuses an unknown department', async () => {
    const response = await call(admin, 'POST', SERVICES, serviceInput({ departmentId: 999999 }));
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['departmentId']);
  });

  it('refuses a name or display name already taken, naming the value', async () => {
    const byName = await call(admin, 'POST', SERVICES, serviceInput({ name: 'Bookkeeping' }));
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.message).toBe('Bookkeeping is already taken. Try another.');
    const byDisplayName = await call(admin, 'POST', SERVICES, serviceInput({ displayName: 'PAYROLL' }));
    expect(byDisplayName.statusCode).toBe(409);
    expect(byDisplayName.json().error.message).toBe('PAYROLL is already taken. Try another.');
  });

  it('needs service:add', async () => {
    expect((await call(advisor, 'POST', SERVICES, serviceInput())).statusCode).toBe(403);
  });
});

describe('PUT document/services/{id}', () => {
  it('replaces a service, icon included', async () => {
    const service = await createService(t.database.db, { listIcon: png() });
    const input = serviceInput({ name: service.name, departmentId: departmentIds.payroll, listIcon: null });
    const response = await call(admin, 'PUT', `${SERVICES}/${service.id}`, input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: service.id,
      displayName: input.displayName,
      departmentDisplayName: 'Payroll',
      listIcon: null,
    });
  });

  it("keeps its own names, refuses another service's, and validates", async () => {
    const service = await createService(t.database.db);
    const own = await call(admin, 'PUT', `${SERVICES}/${service.id}`, {
      ...serviceInput(),
      name: service.name.toUpperCase(),
      displayName: service.displayName,
    });
    expect(own.statusCode).toBe(200);
    const taken = await call(admin, 'PUT', `${SERVICES}/${service.id}`, serviceInput({ name: 'tax' }));
    expect(taken.statusCode).toBe(409);
    const invalid = await call(admin, 'PUT', `${SERVICES}/${service.id}`, serviceInput({ color: '#12345' }));
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 404 for an unknown service and 403 without service:edit', async () => {
    expect((await call(admin, 'PUT', `${SERVICES}/999999`, serviceInput())).statusCode).toBe(404);
    const service = await createService(t.database.db);
    expect((await call(advisor, 'PUT', `${SERVICES}/${service.id}`, serviceInput())).statusCode).toBe(403);
  });
});

describe('PATCH document/services/{id}/activate and /deactivate', () => {
  it('switches the status and audits each change', async () => {
    const service = await createService(t.database.db);
    const off = await call(admin, 'PATCH', `${SERVICES}/${service.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: service.id, isActive: false });
    const on = await call(admin, 'PATCH', `${SERVICES}/${service.id}/activate`);
    expect(on.json()).toMatchObject({ id: service.id, isActive: true });
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, String(service.id)));
    expect(actions.map((row) => row.action)).toEqual(['service.deactivated', 'service.activated']);
  });

  it('answers 404 for an unknown service and 403 without service:change-status', async () => {
    expect((await call(admin, 'PATCH', `${SERVICES}/999999/activate`)).statusCode).toBe(404);
    const service = await createService(t.database.db);
    expect((await call(advisor, 'PATCH', `${SERVICES}/${service.id}/deactivate`)).statusCode).toBe(403);
  });
});

describe('DELETE document/services/{id}', () => {
  it('deletes a service no client uses, with its tag links', async () => {
    const db = t.database.db;
    const service = await createService(db);
    const [tag] = await db.select().from(tagServices).limit(1);
    await db.insert(tagServices).values({ tagId: tag!.tagId, serviceId: service.id });
    const response = await call(admin, 'DELETE', `${SERVICES}/${service.id}`);
    expect(response.statusCode).toBe(204);
    expect(await db.select().from(services).where(eq(services.id, service.id))).toEqual([]);
    expect(await db.select().from(tagServices).where(eq(tagServices.serviceId, service.id))).toEqual([]);
  });

  it('refuses to delete a service clients use and suggests deactivating it', async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const client = await createClient(db, { ownerUserId: owner.id });
    const service = await createService(db, { clientIds: [client.id] });
    const response = await call(admin, 'DELETE', `${SERVICES}/${service.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `${service.displayName} is used by 1 client and cannot be deleted. Deactivate it instead.`,
    );
  });

  it('answers 404 for an unknown service and 403 without service:delete', async () => {
    expect((await call(admin, 'DELETE', `${SERVICES}/999999`)).statusCode).toBe(404);
    const service = await createService(t.database.db);
    expect((await call(advisor, 'DELETE', `${SERVICES}/${service.id}`)).statusCode).toBe(403);
  });
});
