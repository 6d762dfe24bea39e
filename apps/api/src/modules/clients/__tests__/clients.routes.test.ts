import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CLIENT_TYPE } from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaborators,
  clientServices,
  clients,
  mailMessages,
  services,
  states,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { testFieldCrypto } from '../../../testing/client-edit-factories.js';
import { createListedClient } from '../../../testing/clients-factories.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const CLIENTS = '/api/v1/document/clients';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let clientUser: SignedIn;
let advisorId: number;
let taxServiceId: number;
let payrollServiceId: number;

const idOf = async (emailAddress: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.emailAddress, emailAddress)))[0]!.id;
const serviceIdOf = async (name: string) =>
  (await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, name)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
  clientUser = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
  advisorId = await idOf('b1g1_advisor@gmail.com');
  taxServiceId = await serviceIdOf('tax');
  payrollServiceId = await serviceIdOf('payroll');
});
afterAll(() => t.close());

const get = (url: string, session: SignedIn = admin, query?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session), query });

describe('GET document/clients', () => {
  it('lists with owner, advisor, service chips and masked SSN/TIN only', async () => {
    const owner = await createUser(t.database.db, { firstName: 'Olga', lastName: 'Listed' });
    const created = await createListedClient(t, {
      ownerUserId: owner.id,
      name: 'Maskwell Industries',
      advisorUserId: advisorId,
      tin: '12-3456789',
      phoneNumber: '(555) 123-0001',
      serviceIds: [taxServiceId, payrollServiceId],
    });
    const response = await get(CLIENTS, admin, { fullName: 'maskwell' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      totalCount: 1,
      items: [
        {
          id: created.id,
          version: expect.stringMatching(/^\d+$/),
          clientType: CLIENT_TYPE.business,
          name: 'Maskwell Industries',
          isActive: true,
          phoneNumber: '(555) 123-0001',
          emailAddress: created.emailAddress,
          owner: { id: owner.id, fullName: 'Olga Listed' },
          advisor: { id: advisorId, fullName: 'Batch1 Group1' },
          services: [
            { id: taxServiceId, displayName: 'Tax', color: '#1E88E5' },
            { id: payrollServiceId, displayName: 'Payroll', color: '#8E24AA' },
          ],
          maskedTaxpayerIdentificationNumber: '**-***6789',
          maskedSocialSecurityNumber: null,
        },
      ],
    });
    expect(response.body).not.toContain('3456789');
  });

  it('finds SSN and TIN by exact value only (through the blind index), with or without dashes', async () => {
    const owner = await createUser(t.database.db);
    const personal = await createListedClient(t, {
      ownerUserId: owner.id,
      clientType: CLIENT_TYPE.personal,
      firstName: 'Sasha',
      lastName: 'Exact',
      ssn: '321-54-9876',
    });
    const business = await createListedClient(t, { ownerUserId: owner.id, tin: '98-7654321' });
    const ids = async (query: Record<string, string>) =>
      (await get(CLIENTS, admin, { ...query, limit: '50' })).json().items.map((c: { id: number }) => c.id);

    expect(await ids({ socialSecurityNumber: '321-54-9876' })).toEqual([personal.id]);
    expect(await ids({ socialSecurityNumber: '321549876' })).toEqual([personal.id]);
    expect(await ids({ socialSecurityNumber: '321-54' })).toEqual([]);
    expect(await ids({ taxpayerIdentificationNumber: '98-7654321' })).toEqual([business.id]);
    expect(await ids({ taxpayerIdentificationNumber: '7654321' })).toEqual([]);
    const [item] = (await get(CLIENTS, admin, { socialSecurityNumber: '321549876' })).json().items;
    expect(item.maskedSocialSecurityNumber).toBe('***-**-9876');
  });

  it('never stores SSN, TIN or birth date in plain text', async () => {
    const owner = await createUser(t.database.db);
    await createListedClient(t, {
      ownerUserId: owner.id,
      clientType: CLIENT_TYPE.personal,
      firstName: 'Plain',
      lastName: 'Text',
      ssn: '555-66-7777',
      tin: '44-1122334',
      birthDate: '1984-03-21',
    });
    // Every column of every row, as text: whatever the column, the numbers must not appear.
    const rows = await t.database.db.select({ row: sql<string>`row_to_json(clients)::text` }).from(clients);
    const dump = rows.map((r) => r.row).join('\n');
    expect(dump).toContain('Plain Text');
    for (const secret of ['555-66-7777', '555667777', '44-1122334', '441122334', '1984-03-21']) {
      expect(dump).not.toContain(secret);
    }
  });

  it('filters by phone, city, state, service, owner or collaborator, advisor, e-mail, status and type', async () => {
    const db = t.database.db;
    const [state] = await db.select({ id: states.id }).from(states).limit(1);
    const owner = await createUser(db);
    const collaborator = await createUser(db);
    const target = await createListedClient(t, {
      ownerUserId: owner.id,
      name: 'Filterable Works',
      phoneNumber: '(555) 777-4242',
      city: 'Springfield',
      stateId: state!.id,
      emailAddress: 'filterable.works@example.com',
      advisorUserId: advisorId,
      serviceIds: [payrollServiceId],
      collaboratorUserIds: [collaborator.id],
      clientType: CLIENT_TYPE.business,
    });
    const inactive = await createListedClient(t, { ownerUserId: owner.id, name: 'Filterable Gone', isActive: false });
    const ids = async (query: Record<string, string>) =>
      (await get(CLIENTS, admin, { fullName: 'filterable', limit: '50', ...query }))
        .json()
        .items.map((c: { id: number }) => c.id);

    expect(await ids({ phoneNumber: '777-42' })).toEqual([target.id]);
    expect(await ids({ city: 'springf' })).toEqual([target.id]);
    expect(await ids({ stateId: String(state!.id) })).toEqual([target.id]);
    expect(await ids({ serviceId: String(payrollServiceId) })).toEqual([target.id]);
    expect(await ids({ ownerOrCollaboratorUserId: String(collaborator.id) })).toEqual([target.id]);
    expect((await ids({ ownerOrCollaboratorUserId: String(owner.id) })).sort()).toEqual(
      [target.id, inactive.id].sort(),
    );
    expect(await ids({ advisorUserId: String(advisorId) })).toEqual([target.id]);
    expect(await ids({ emailAddress: 'FILTERABLE.works' })).toEqual([target.id]);
    expect(await ids({ isActive: 'false' })).toEqual([inactive.id]);
    expect(await ids({ isActive: 'true', clientType: String(CLIENT_TYPE.personal) })).toEqual([]);
    // A cleared field is no filter.
    expect((await ids({ city: '' })).length).toBe(2);
  });

  it('sorts by owner and advisor, and pages in SQL', async () => {
    const db = t.database.db;
    const zed = await createUser(db, { firstName: 'Zed', lastName: 'Sorter' });
    const amy = await createUser(db, { firstName: 'Amy', lastName: 'Sorter' });
    const a = await createListedClient(t, { ownerUserId: zed.id, name: 'Sortable One' });
    const b = await createListedClient(t, { ownerUserId: amy.id, name: 'Sortable Two' });
    const page = async (query: Record<string, string>) =>
      (await get(CLIENTS, admin, { fullName: 'sortable', ...query })).json();
    expect((await page({ sortedBy: 'owner' })).items.map((c: { id: number }) => c.id)).toEqual([b.id, a.id]);
    expect((await page({ sortedBy: 'advisor' })).totalCount).toBe(2);
    expect((await page({ sortedBy: 'owner', sortedDesc: 'true' })).items[0].id).toBe(a.id);
    const second = await page({ limit: '1', offset: '1' });
    expect(second).toEqual({ totalCount: 2, items: [expect.objectContaining({ id: b.id })] });
  });

  it('answers 400 with field details for a bad filter, 401 anonymous and 403 for client users', async () => {
    const bad = await get(CLIENTS, admin, { stateId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('stateId');
    expect((await t.app.inject({ method: 'GET', url: CLIENTS })).statusCode).toBe(401);
    expect((await get(CLIENTS, clientUser)).statusCode).toBe(403);
  });
});

describe('GET document/clients/all and details', () => {
  it('returns a bare array of {id, name, clientType, isActive, advisor}, filtered by text', async () => {
    const response = await get(`${CLIENTS}/all`, admin, { text: 'group1 llc' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Batch1 Group1 LLC',
        clientType: CLIENT_TYPE.business,
        isActive: true,
        advisor: { id: advisorId, fullName: 'Batch1 Group1' },
      },
    ]);
  });

  it('shows the details panel with masked secrets, state name, services, collaborators and spouse', async () => {
    const db = t.database.db;
    const [state] = await db.select({ id: states.id, name: states.name }).from(states).limit(1);
    const owner = await createUser(db, { firstName: 'Pat', lastName: 'Owner' });
    const collaborator = await createUser(db, { firstName: 'Cole', lastName: 'Laborator' });
    const client = await createListedClient(t, {
      ownerUserId: owner.id,
      clientType: CLIENT_TYPE.personal,
      firstName: 'Dee',
      lastName: 'Tails',
      ssn: '111-22-3333',
      birthDate: '03.21.1984',
      stateId: state!.id,
      city: 'Shelbyville',
      serviceIds: [taxServiceId],
      collaboratorUserIds: [collaborator.id],
      spouse: { firstName: 'Spo', lastName: 'Use', ssn: '999-88-7777' },
    });
    const response = await get(`${CLIENTS}/${client.id}/details`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: client.id,
      fullName: 'Dee Tails',
      maskedSocialSecurityNumber: '***-**-3333',
      maskedBirthDate: '**.**.1984',
      address: { city: 'Shelbyville', state: { id: state!.id, name: state!.name } },
      services: [{ id: taxServiceId, displayName: 'Tax' }],
      owner: { id: owner.id, fullName: 'Pat Owner' },
      advisor: null,
      collaborators: [{ id: collaborator.id, collaboratorUser: 'Cole Laborator', isActive: true, services: [] }],
      spouse: { firstName: 'Spo', lastName: 'Use', maskedSocialSecurityNumber: '***-**-7777' },
    });
    expect(response.body).not.toContain('111-22-3333');
    expect(response.body).not.toContain('03.21');
    expect((await get(`${CLIENTS}/999999/details`)).statusCode).toBe(404);
    expect((await get(`${CLIENTS}/${client.id}/details`, clientUser)).statusCode).toBe(403);
  });
});

describe('POST document/clients', () => {
  const post = (payload: Record<string, unknown>, session: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: CLIENTS, headers: bearer(session), payload });

  it('creates a business client with a new owner, who can then sign in and sees the account', async () => {
    const response = await post({
      clientType: CLIENT_TYPE.business,
      name: 'Newco Holdings',
      newOwner: {
        firstName: 'Nora',
        lastName: 'Newowner',
        emailAddress: 'nora.newowner@example.com',
        phoneNumber: '(555) 222-3333',
        advisorUserId: advisorId,
        password: 'Brand1New',
        confirmPassword: 'Brand1New',
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({ id: expect.any(Number), clientType: CLIENT_TYPE.business, name: 'Newco Holdings' });
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, created.id));
    expect(row?.advisorUserId).toBe(advisorId);

    const owner = await signIn(t.app, 'nora.newowner@example.com', 'Brand1New');
    expect(row?.ownerUserId).toBe(owner.userId);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(user).toMatchObject({ username: 'nora.newowner', firstName: 'Nora', advisorUserId: advisorId });
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/v1/document/users/me/clients',
      headers: bearer(owner),
    });
    expect(accounts.json()).toEqual([expect.objectContaining({ id: created.id, name: 'Newco Holdings' })]);
    const audits = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, String(created.id)));
    expect(audits.map((a) => a.action)).toContain('client.created');
  });

  it("creates a personal client for an existing owner, copying the owner's advisor", async () => {
    const ownerId = await idOf('b1g1_client@gmail.com');
    const response = await post({
      clientType: CLIENT_TYPE.personal,
      firstName: 'Petra',
      lastName: 'Personal',
      ownerUserId: ownerId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Petra Personal');
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, response.json().id));
    expect(row).toMatchObject({ ownerUserId: ownerId, advisorUserId: advisorId, firstName: 'Petra' });
  });

  it("a personal client's new owner takes the client's names", async () => {
    const response = await post({
      clientType: CLIENT_TYPE.personal,
      firstName: 'Ivy',
      lastName: 'Self',
      newOwner: {
        emailAddress: 'ivy.self@example.com',
        phoneNumber: '5550100555',
        advisorUserId: advisorId,
        password: 'Secret12',
        confirmPassword: 'Secret12',
      },
    });
    expect(response.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.emailAddress, 'ivy.self@example.com'));
    expect(user).toMatchObject({ firstName: 'Ivy', lastName: 'Self' });
  });

  it('answers 409 naming a taken e-mail, and creates nothing', async () => {
    const before = (await t.database.db.select({ id: clients.id }).from(clients)).length;
    const response = await post({
      clientType: CLIENT_TYPE.business,
      name: 'Dup Co',
      newOwner: {
        firstName: 'D',
        lastName: 'Up',
        emailAddress: 'B1G1_CLIENT@gmail.com',
        phoneNumber: '5550100555',
        advisorUserId: advisorId,
        password: 'Secret12',
        confirmPassword: 'Secret12',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('B1G1_CLIENT@gmail.com');
    expect((await t.database.db.select({ id: clients.id }).from(clients)).length).toBe(before);
  });

  it('answers 400 with field details for missing names, owner, weak or mismatched passwords', async () => {
    const noName = await post({ clientType: CLIENT_TYPE.business, ownerUserId: advisorId });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json().error.details)).toContain('name');
    const noOwner = await post({ clientType: CLIENT_TYPE.personal, firstName: 'A', lastName: 'B' });
    expect(JSON.stringify(noOwner.json().error.details)).toContain('ownerUserId');
    const mismatch = await post({
      clientType: CLIENT_TYPE.business,
      name: 'X',
      newOwner: {
        firstName: 'A',
        lastName: 'B',
        emailAddress: 'mismatch@example.com',
        phoneNumber: '5550100005',
        advisorUserId: advisorId,
        password: 'Secret12',
        confirmPassword: 'Secret13',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json().error.details)).toContain('confirmPassword');
    // A staff user is not a client user: refused as owner.
    const staffOwner = await post({ clientType: CLIENT_TYPE.business, name: 'Y', ownerUserId: advisorId });
    expect(staffOwner.statusCode).toBe(400);
    expect(JSON.stringify(staffOwner.json().error.details)).toContain('ownerUserId');
  });

  it('answers 403 without client:add', async () => {
    const response = await post({ clientType: CLIENT_TYPE.business, name: 'Nope', ownerUserId: 1 }, employee);
    expect(response.statusCode).toBe(403);
  });
});

describe('owner look-ups', () => {
  it('searches client users above 2 characters, by name or e-mail', async () => {
    const short = await get('/api/v1/identity/users/clients', admin, { text: 'b1' });
    expect(short.json()).toEqual([]);
    const found = await get('/api/v1/identity/users/clients', admin, { text: 'b1g2_cli' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      { value: String(await idOf('b1g2_client@gmail.com')), displayText: 'Batch1 Group2 (b1g2_client@gmail.com)' },
    ]);
    // Staff are not offered as owners.
    expect((await get('/api/v1/identity/users/clients', admin, { text: 'b1g2_adv' })).json()).toEqual([]);
  });

  it('tells whether an owner e-mail is free', async () => {
    expect((await get(`${CLIENTS}/owner-email/b1g3_client@gmail.com/is-available`)).json()).toBe(false);
    expect((await get(`${CLIENTS}/owner-email/free.one@example.com/is-available`)).json()).toBe(true);
    expect((await get(`${CLIENTS}/owner-email/free.one@example.com/is-available`, employee)).statusCode).toBe(403);
  });

  it("gives an employee their department's lowest-id service as the default filter, others none", async () => {
    expect((await get(`${CLIENTS}/default-filters`, employee)).json()).toEqual({ serviceId: taxServiceId });
    expect((await get(`${CLIENTS}/default-filters`, admin)).json()).toEqual({ serviceId: null });
  });
});

describe('status and delete', () => {
  it('deactivates and activates, audited', async () => {
    const owner = await createUser(t.database.db);
    const client = await createListedClient(t, { ownerUserId: owner.id });
    const patch = (action: string) =>
      t.app.inject({ method: 'PATCH', url: `${CLIENTS}/${client.id}/${action}`, headers: bearer(admin) });
    expect((await patch('deactivate')).statusCode).toBe(204);
    expect((await t.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]?.isActive).toBe(false);
    expect((await patch('activate')).statusCode).toBe(204);
    expect((await t.database.db.select().from(clients).where(eq(clients.id, client.id)))[0]?.isActive).toBe(true);
    const actions = (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.objectId, String(client.id)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['client.deactivated', 'client.activated']));
    const missing = await t.app.inject({ method: 'PATCH', url: `${CLIENTS}/999999/activate`, headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: `${CLIENTS}/${client.id}/activate`,
      headers: bearer(employee),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('deletes a client with its services and collaborators', async () => {
    const owner = await createUser(t.database.db);
    const collaborator = await createUser(t.database.db);
    const client = await createListedClient(t, {
      ownerUserId: owner.id,
      serviceIds: [taxServiceId],
      collaboratorUserIds: [collaborator.id],
    });
    const del = (session: SignedIn) =>
      t.app.inject({ method: 'DELETE', url: `${CLIENTS}/${client.id}`, headers: bearer(session) });
    expect((await del(employee)).statusCode).toBe(403);
    expect((await del(admin)).statusCode).toBe(204);
    expect(await t.database.db.select().from(clients).where(eq(clients.id, client.id))).toEqual([]);
    expect(await t.database.db.select().from(clientServices).where(eq(clientServices.clientId, client.id))).toEqual([]);
    expect(
      await t.database.db.select().from(clientCollaborators).where(eq(clientCollaborators.clientId, client.id)),
    ).toEqual([]);
    expect((await del(admin)).statusCode).toBe(404);
  });
});

describe('GET document/clients/export', () => {
  it('streams an .xlsx of the filtered list with masked numbers only, audited', async () => {
    const owner = await createUser(t.database.db);
    await createListedClient(t, { ownerUserId: owner.id, name: 'Exportable Ltd', tin: '77-1234567' });
    const response = await get(`${CLIENTS}/export`, admin, { fullName: 'exportable' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="Clients_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clients')!;
    expect(sheet.rowCount).toBe(2);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values).toContain('Exportable Ltd');
    expect(values).toContain('**-***4567');
    expect(JSON.stringify(values)).not.toContain('1234567"');
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'client.exported'));
    expect(event).toBeDefined();
    expect((await get(`${CLIENTS}/export`, clientUser)).statusCode).toBe(403);
  });
});

describe('POST document/clients/send-email', () => {
  const send = (query: Record<string, string>, payload: Record<string, unknown>, session: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: `${CLIENTS}/send-email`, headers: bearer(session), query, payload });

  it('queues one sanitised message per client with an address, counting those without', async () => {
    const owner = await createUser(t.database.db);
    await createListedClient(t, { ownerUserId: owner.id, name: 'Mailable A', emailAddress: 'mail.a@example.com' });
    await createListedClient(t, { ownerUserId: owner.id, name: 'Mailable B', emailAddress: 'mail.b@example.com' });
    await createListedClient(t, { ownerUserId: owner.id, name: 'Mailable C', emailAddress: null });
    await createListedClient(t, { ownerUserId: owner.id, name: 'Mailable D', emailAddress: 'not-an-address' });
    const response = await send(
      { fullName: 'mailable' },
      {
        subject: 'Tax season',
        body:
          '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script></p>' +
          '<a href="javascript:alert(1)">bad</a><a href="https://ledgerport.example/x" onmouseover="x()">good</a>' +
          '<img src="x" onerror="y()"><iframe src="https://evil.example"></iframe>',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ queued: 2, skipped: 2 });
    const messages = await t.database.db.select().from(mailMessages).where(eq(mailMessages.template, 'clientMessage'));
    expect(messages.map((m) => m.toAddress).sort()).toEqual(['mail.a@example.com', 'mail.b@example.com']);
    // The outbox keeps bodies encrypted (docs/mail.md).
    const crypto = testFieldCrypto(t.config.encryptionKey!);
    const html = crypto.decrypt(messages[0]!.html!);
    expect(html).toContain('<p>Hello <strong>there</strong></p>');
    expect(html).toContain('<a href="https://ledgerport.example/x">good</a>');
    for (const banned of ['<script', 'onclick', 'onmouseover', 'onerror', 'javascript:', '<iframe', '<img']) {
      expect(html).not.toContain(banned);
    }
    expect(messages[0]!.subject).toBe('Tax season');
    expect(crypto.decrypt(messages[0]!.text!)).toContain('Hello there');
  });

  it('answers 400 for a missing subject or a body with nothing left after sanitising, 403 without permission', async () => {
    const noSubject = await send({}, { subject: ' ', body: '<p>x</p>' });
    expect(noSubject.statusCode).toBe(400);
    expect(JSON.stringify(noSubject.json().error.details)).toContain('subject');
    const onlyScript = await send({}, { subject: 'S', body: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(400);
    expect(JSON.stringify(onlyScript.json().error.details)).toContain('body');
    expect((await send({}, { subject: 'S', body: '<p>x</p>' }, employee)).statusCode).toBe(403);
  });
});
