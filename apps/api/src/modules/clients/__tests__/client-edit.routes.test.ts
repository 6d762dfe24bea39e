import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CLIENT_TYPE, MARITAL_STATUS } from '@ledgerport/shared';
import { auditEvents, clientProfilePictures, clientSpouses, clients } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { digitsOnly } from '../../../lib/field-crypto.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';
import {
  anAdvisorId,
  clientEditForm,
  createEditableClient,
  serviceIdsByName,
  setClientPicture,
  testFieldCrypto,
  validBusinessForm,
} from '../../../testing/client-edit-factories.js';
import { createUser } from '../../../testing/factories.js';
import { createPng } from '../../../testing/profile-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const editUrl = (type: 'business' | 'personal', id: number) => `/api/v1/document/clients/${type}/${id}`;
const pictureUrl = (id: number) => `/api/v1/document/clients/${id}/profile-picture`;

let t: TestApp;
let admin: SignedIn;
let services: Record<string, number>;
let advisorId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  services = await serviceIdsByName(t.database.db);
  advisorId = await anAdvisorId(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (type: 'business' | 'personal', id: number, session: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: editUrl(type, id), headers: bearer(session) });
const put = (type: 'business' | 'personal', id: number, form: FormData, session: SignedIn = admin) =>
  t.app.inject({ method: 'PUT', url: editUrl(type, id), headers: bearer(session), payload: form });

async function personalForm(
  client: { id: number; ownerUserId: number },
  overrides: Record<string, string | string[]> = {},
) {
  const { name: _name, ...form } = await validBusinessForm(db(), client);
  return {
    ...form,
    firstName: 'Ada',
    lastName: 'Lovelace',
    maritalStatus: String(MARITAL_STATUS.single),
    ...overrides,
  };
}

function detailsOf(response: { json: () => unknown }) {
  return (response.json() as { error: { details: { field: string; message: string }[] } }).error.details;
}

describe('GET document/clients/business|personal/{id}', () => {
  it('answers the edit form with full sensitive values and audits the reveal', async () => {
    const collaborator = await createUser(db(), { role: 'client' });
    const client = await createEditableClient(db(), {
      serviceIds: [services.tax!, services.payroll!],
      collaborators: [{ userId: collaborator.id, services: [services.tax!] }],
    });
    const form = await validBusinessForm(db(), client, {
      taxpayerIdentificationNumber: '12-3456789',
      services: [String(services.tax), String(services.payroll)],
      'Collaborators[0].CollaboratorUserId': String(collaborator.id),
      'Collaborators[0].Services': [String(services.tax)],
    });
    expect((await put('business', client.id, clientEditForm(form))).statusCode).toBe(200);

    const response = await get('business', client.id);
    expect(response.statusCode).toBe(200);
    const dto = response.json();
    expect(dto).toMatchObject({
      id: client.id,
      clientType: CLIENT_TYPE.business,
      name: 'Edited Ventures LLC',
      taxpayerIdentificationNumber: '12-3456789',
      ownerUserId: client.ownerUserId,
      advisorUserId: advisorId,
      services: [services.tax, services.payroll].sort((a, b) => a! - b!),
      collaborators: [{ collaboratorUserId: collaborator.id, isActive: true, services: [services.tax] }],
      spouseInfo: null,
      hasProfilePicture: false,
    });
    expect(dto.ownerUser).toMatch(/^Test User /);

    const events = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, AUDIT_ACTION.clientSensitiveRevealed), eq(auditEvents.objectId, String(client.id))),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.actorUserId).toBe(admin.userId);
  });

  it('answers 404 for an id of the other type and for an unknown id', async () => {
    const business = await createEditableClient(db());
    const personal = await createEditableClient(db(), { clientType: CLIENT_TYPE.personal });
    expect((await get('personal', business.id)).statusCode).toBe(404);
    expect((await get('business', personal.id)).statusCode).toBe(404);
    expect((await get('business', 99_999_999)).statusCode).toBe(404);
    expect((await get('personal', personal.id)).statusCode).toBe(200);
  });

  it('is 403 for client users, who lack client:edit', async () => {
    const owner = await createUser(db(), { role: 'client' });
    const client = await createEditableClient(db(), { ownerUserId: owner.id });
    const session = await signIn(t.app, owner.username, owner.password);
    expect((await get('business', client.id, session)).statusCode).toBe(403);
    expect(
      (await put('business', client.id, clientEditForm(await validBusinessForm(db(), client)), session)).statusCode,
    ).toBe(403);
  });
});

describe('PUT document/clients/personal/{id}', () => {
  it('saves a married client with the spouse, keeping the name in sync and sensitive values encrypted', async () => {
    const client = await createEditableClient(db(), { clientType: CLIENT_TYPE.personal });
    const form = await personalForm(client, {
      SocialSecurityNumber: '123-45-6789',
      BIRTHDATE: '1990-02-28',
      maritalStatus: String(MARITAL_STATUS.married),
      'spouseInfo.firstName': 'Charles',
      'spouseInfo.lastName': 'Babbage',
      'spouseInfo.socialSecurityNumber': '987-65-4321',
      'spouseInfo.birthDate': '1989-12-26',
      'spouseInfo.address.zipCode': '10001',
      'address.addressLine1': '1 Main St',
      'address.city': 'Springfield',
      'address.stateId': '1',
      'address.zipCode': '12345',
    });
    const response = await put('personal', client.id, clientEditForm(form));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      socialSecurityNumber: '123-45-6789',
      birthDate: '1990-02-28',
      maritalStatus: MARITAL_STATUS.married,
      address: { addressLine1: '1 Main St', city: 'Springfield', stateId: '1', zipCode: '12345', addressLine2: null },
      spouseInfo: {
        firstName: 'Charles',
        lastName: 'Babbage',
        socialSecurityNumber: '987-65-4321',
        birthDate: '1989-12-26',
        address: { zipCode: '10001' },
      },
    });

    // Raw tables: no plaintext SSN or birth date; the blind index matches the digits.
    const [row] = await db().select().from(clients).where(eq(clients.id, client.id));
    const [spouse] = await db().select().from(clientSpouses).where(eq(clientSpouses.clientId, client.id));
    const stored = JSON.stringify({ row, spouse });
    for (const plain of ['123-45-6789', '123456789', '1990-02-28', '987-65-4321', '1989-12-26']) {
      expect(stored).not.toContain(plain);
    }
    expect(row!.ssnEncrypted).toMatch(/^v1\./);
    expect(row!.birthDateEncrypted).toMatch(/^v1\./);
    expect(spouse!.ssnEncrypted).toMatch(/^v1\./);
    const crypto = testFieldCrypto(t.config.encryptionKey!);
    expect(row!.ssnIndex).toBe(crypto.blindIndex(digitsOnly('123-45-6789')));
    expect(crypto.decrypt(row!.ssnEncrypted!)).toBe('123-45-6789');
  });

  it('drops the spouse when the client becomes single', async () => {
    const client = await createEditableClient(db(), { clientType: CLIENT_TYPE.personal });
    const married = await personalForm(client, {
      maritalStatus: '2',
      'spouseInfo.firstName': 'Sam',
      'spouseInfo.lastName': 'Doe',
    });
    expect((await put('personal', client.id, clientEditForm(married))).statusCode).toBe(200);
    const single = await personalForm(client, { maritalStatus: '1', 'spouseInfo.firstName': 'Ignored' });
    const response = await put('personal', client.id, clientEditForm(single));
    expect(response.statusCode).toBe(200);
    expect(response.json().spouseInfo).toBeNull();
    expect(await db().select().from(clientSpouses).where(eq(clientSpouses.clientId, client.id))).toEqual([]);
  });

  it.each([
    ['first name', { firstName: '' }, 'firstName', 'REQUIRED'],
    ['last name', { lastName: '  ' }, 'lastName', 'REQUIRED'],
    ['SSN format', { socialSecurityNumber: '123456789' }, 'socialSecurityNumber', 'SSN_FORMAT'],
    ['birth date', { birthDate: '1990-02-30' }, 'birthDate', 'BIRTH_DATE'],
    ['spouse names when married', { maritalStatus: '2' }, 'spouseInfo.firstName', 'REQUIRED'],
    [
      'spouse SSN format',
      {
        maritalStatus: '2',
        'spouseInfo.firstName': 'A',
        'spouseInfo.lastName': 'B',
        'spouseInfo.socialSecurityNumber': '12-345-6789',
      },
      'spouseInfo.socialSecurityNumber',
      'SSN_FORMAT',
    ],
  ])('refuses a missing or wrong %s with 400 and field details', async (_label, overrides, field, message) => {
    const client = await createEditableClient(db(), { clientType: CLIENT_TYPE.personal });
    const response = await put('personal', client.id, clientEditForm(await personalForm(client, overrides)));
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toContainEqual({ in: 'body', field, message });
  });

  it('is 404 on the business path', async () => {
    const client = await createEditableClient(db(), { clientType: CLIENT_TYPE.personal });
    const response = await put('business', client.id, clientEditForm(await validBusinessForm(db(), client)));
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT document/clients/business/{id}', () => {
  it.each([
    ['name', { name: '' }, 'name', 'REQUIRED'],
    ['advisor', { advisorUserId: '' }, 'advisorUserId', 'REQUIRED'],
    ['owner', { ownerUserId: '' }, 'ownerUserId', 'REQUIRED'],
    ['service', { services: [] }, 'services', 'REQUIRED'],
    ['e-mail', { emailAddress: '' }, 'emailAddress', 'REQUIRED'],
    ['e-mail pattern', { emailAddress: 'not an email' }, 'emailAddress', 'EMAIL'],
    ['TIN format', { taxpayerIdentificationNumber: '123456789' }, 'taxpayerIdentificationNumber', 'TIN_FORMAT'],
    ['zip (4 digits)', { 'address.zipCode': '1234' }, 'address.zipCode', 'ZIP_FORMAT'],
    ['zip (letters)', { 'address.zipCode': '12a45' }, 'address.zipCode', 'ZIP_FORMAT'],
  ])('refuses a missing or wrong %s with 400 and field details', async (_label, overrides, field, message) => {
    const client = await createEditableClient(db());
    const response = await put('business', client.id, clientEditForm(await validBusinessForm(db(), client, overrides)));
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response)).toContainEqual({ in: 'body', field, message });
  });

  it('refuses an advisor who is not an active advisor, an owner who is not a client user, and the owner as collaborator', async () => {
    const client = await createEditableClient(db());
    const inactiveAdvisor = await createUser(db(), { role: 'advisor', isActive: false });
    const employee = await createUser(db(), { role: 'employee' });
    const form = await validBusinessForm(db(), client, {
      advisorUserId: String(inactiveAdvisor.id),
      'Collaborators[0].CollaboratorUserId': String(client.ownerUserId),
    });
    const response = await put('business', client.id, clientEditForm(form));
    expect(response.statusCode).toBe(400);
    expect(detailsOf(response).map((detail) => detail.field)).toEqual(
      expect.arrayContaining(['advisorUserId', 'collaborators.0.collaboratorUserId']),
    );
    const ownerForm = await validBusinessForm(db(), client, { ownerUserId: String(employee.id) });
    const ownerResponse = await put('business', client.id, clientEditForm(ownerForm));
    expect(ownerResponse.statusCode).toBe(400);
    expect(detailsOf(ownerResponse).map((detail) => detail.field)).toContain('ownerUserId');
  });

  it('refuses an id in the form that differs from the path', async () => {
    const client = await createEditableClient(db());
    const response = await put(
      'business',
      client.id,
      clientEditForm(await validBusinessForm(db(), client, { id: '1' })),
    );
    expect(response.statusCode).toBe(400);
  });

  it('stores the TIN encrypted with its blind index', async () => {
    const client = await createEditableClient(db());
    const form = await validBusinessForm(db(), client, {
      taxpayerIdentificationNumber: '98-7654321',
      tradeName: 'EV',
      website: 'https://ev.example',
    });
    const response = await put('business', client.id, clientEditForm(form));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      taxpayerIdentificationNumber: '98-7654321',
      tradeName: 'EV',
      website: 'https://ev.example',
    });
    const [row] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(JSON.stringify(row)).not.toContain('7654321');
    expect(row!.tinIndex).toBe(testFieldCrypto(t.config.encryptionKey!).blindIndex('987654321'));
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.clientUpdated), eq(auditEvents.objectId, String(client.id))));
    expect(audited).toHaveLength(1);
  });

  it('propagates services to collaborators: dropped leave all, added join all, a new collaborator gets all', async () => {
    const kept = await createUser(db(), { role: 'client' });
    const newcomer = await createUser(db(), { role: 'client' });
    const removed = await createUser(db(), { role: 'client' });
    const client = await createEditableClient(db(), {
      serviceIds: [services.tax!, services.payroll!],
      collaborators: [{ userId: kept.id, services: [services.tax!, services.payroll!] }, { userId: removed.id }],
    });
    // Payroll dropped, bookkeeping added; the kept collaborator is sent with tax and payroll only.
    const form = await validBusinessForm(db(), client, {
      services: [String(services.tax), String(services.bookkeeping)],
      'collaborators[0].collaboratorUserId': String(kept.id),
      'collaborators[0].services': [String(services.tax), String(services.payroll)],
      'Collaborators[1].CollaboratorUserId': String(newcomer.id),
    });
    const response = await put('business', client.id, clientEditForm(form));
    expect(response.statusCode, response.body).toBe(200);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    expect(response.json().collaborators).toEqual([
      expect.objectContaining({
        collaboratorUserId: kept.id,
        services: sorted([services.tax!, services.bookkeeping!]),
      }),
      expect.objectContaining({
        collaboratorUserId: newcomer.id,
        services: sorted([services.tax!, services.bookkeeping!]),
      }),
    ]);
    const [row] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(row!.usedBookkeepingServiceAtLeastOnce).toBe(true);

    // An existing collaborator may be narrowed to fewer services; the flag is never cleared.
    const narrowed = await validBusinessForm(db(), client, {
      services: [String(services.tax), String(services.bookkeeping)],
      'collaborators[0].collaboratorUserId': String(kept.id),
      'collaborators[0].services': [String(services.tax)],
    });
    const second = await put('business', client.id, clientEditForm(narrowed));
    expect(second.json().collaborators).toEqual([
      expect.objectContaining({ collaboratorUserId: kept.id, services: [services.tax] }),
    ]);
    const dropAll = await validBusinessForm(db(), client, { services: [String(services.tax)] });
    await put('business', client.id, clientEditForm(dropAll));
    const [after] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(after!.usedBookkeepingServiceAtLeastOnce).toBe(true);
  });

  it('stores, serves and removes a profile picture', async () => {
    const client = await createEditableClient(db());
    const form = await validBusinessForm(db(), client, { isProfilePictureChanged: 'true' });
    const saved = await put('business', client.id, clientEditForm(form, { data: await createPng(300, 200) }));
    expect(saved.json().hasProfilePicture).toBe(true);
    const picture = await t.app.inject({
      method: 'GET',
      url: `${pictureUrl(client.id)}?width=30`,
      headers: bearer(admin),
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    const notAnImage = await put(
      'business',
      client.id,
      clientEditForm(form, { data: Buffer.from('not an image'), fileName: 'x.png' }),
    );
    expect(notAnImage.statusCode).toBe(415);

    const removed = await put('business', client.id, clientEditForm(form));
    expect(removed.json().hasProfilePicture).toBe(false);
    expect(
      await db().select().from(clientProfilePictures).where(eq(clientProfilePictures.clientId, client.id)),
    ).toEqual([]);
  });
});

describe('GET document/clients/{id}/profile-picture', () => {
  it("serves a client user their own client's picture and 404 for another client", async () => {
    const owner = await createUser(db(), { role: 'client' });
    const mine = await createEditableClient(db(), { ownerUserId: owner.id });
    const other = await createEditableClient(db());
    await setClientPicture(db(), mine.id, await createPng(40, 40));
    await setClientPicture(db(), other.id, await createPng(40, 40));
    const session = await signIn(t.app, owner.username, owner.password);
    const ownResponse = await t.app.inject({ method: 'GET', url: pictureUrl(mine.id), headers: bearer(session) });
    expect(ownResponse.statusCode).toBe(200);
    const otherResponse = await t.app.inject({ method: 'GET', url: pictureUrl(other.id), headers: bearer(session) });
    expect(otherResponse.statusCode).toBe(404);
  });

  it('is 404 when the client has no picture', async () => {
    const client = await createEditableClient(db());
    const response = await t.app.inject({ method: 'GET', url: pictureUrl(client.id), headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
  });
});
