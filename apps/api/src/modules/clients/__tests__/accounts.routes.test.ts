import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CLIENT_TYPE, MARITAL_STATUS } from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  clientSpouses,
  clients,
  services,
  states,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createFieldCrypto } from '../../../lib/field-crypto.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, sessionClientOf, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const BASE = '/api/v1/document/users/me/clients';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

const get = (session: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const patch = (session: SignedIn, url: string) => t.app.inject({ method: 'PATCH', url, headers: bearer(session) });
const remove = (session: SignedIn, url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(session) });
const setCurrent = (session: SignedIn, clientId: number) =>
  t.app.inject({ method: 'PUT', url: `${BASE}/current`, headers: bearer(session), payload: { clientId } });

/** An owner, a collaborator granted one of the client's services, and a stranger, all signed in. */
async function accountWithPeople(clientType: 1 | 2 = CLIENT_TYPE.business) {
  const db = t.database.db;
  const crypto = createFieldCrypto(Buffer.from(t.config.encryptionKey!, 'base64url'));
  const [advisor] = await db.select().from(users).where(eq(users.username, 'b1g1_advisor'));
  const [tax] = await db.select().from(services).where(eq(services.name, 'tax'));
  const [state] = await db.select().from(states).limit(1);
  const owner = await createUser(db, { firstName: 'Olive', lastName: 'Owner' });
  const collaborator = await createUser(db, { firstName: 'Carl', lastName: 'Collab' });
  const stranger = await createUser(db);
  const client = await createClient(db, {
    ownerUserId: owner.id,
    clientType,
    name: clientType === CLIENT_TYPE.business ? 'Harbour Supplies LLC' : 'Olive Owner',
    collaboratorUserIds: [collaborator.id],
  });
  await db
    .update(clients)
    .set({
      advisorUserId: advisor!.id,
      tinEncrypted: crypto.encrypt('12-3456789'),
      ssnEncrypted: crypto.encrypt('123-45-6789'),
      birthDateEncrypted: crypto.encrypt('1984-03-15'),
      maritalStatus: MARITAL_STATUS.married,
      addressLine1: '1 Main St',
      city: 'Springfield',
      stateId: state!.id,
      zipCode: '12345',
      emailAddress: 'harbour@example.com',
    })
    .where(eq(clients.id, client.id));
  await db.insert(clientServices).values({ clientId: client.id, serviceId: tax!.id });
  await db
    .insert(clientCollaboratorServices)
    .values({ clientId: client.id, userId: collaborator.id, serviceId: tax!.id });
  if (clientType === CLIENT_TYPE.personal) {
    await db.insert(clientSpouses).values({ clientId: client.id, firstName: 'Sam', lastName: 'Spouse' });
  }
  return {
    client,
    owner,
    collaborator,
    advisor: advisor!,
    taxName: tax!.displayName,
    stateName: state!.name,
    ownerSession: await signIn(t.app, owner.username, owner.password),
    collaboratorSession: await signIn(t.app, collaborator.username, collaborator.password),
    strangerSession: await signIn(t.app, stranger.username, stranger.password),
  };
}

describe('owner and collaborator lists', () => {
  it('lists owned clients with masked TIN, advisor and collaborators with their services', async () => {
    const a = await accountWithPeople();
    const response = await get(a.ownerSession, `${BASE}/owner`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: a.client.id,
        clientType: CLIENT_TYPE.business,
        fullName: 'Harbour Supplies LLC',
        maskedTaxpayerIdentificationNumber: '**-***6789',
        maskedSocialSecurityNumber: null,
        advisor: { id: a.advisor.id, fullName: `${a.advisor.firstName} ${a.advisor.lastName}` },
        collaborators: [
          {
            userId: a.collaborator.id,
            version: expect.stringMatching(/^\d+$/),
            fullName: 'Carl Collab',
            isActive: true,
            services: [a.taxName],
          },
        ],
      },
    ]);
    expect((await get(a.collaboratorSession, `${BASE}/owner`)).json()).toEqual([]);
    expect(JSON.stringify(response.json())).not.toContain('3456789');
  });

  it('lists the clients I collaborate on with the services granted to me, active collaborations only', async () => {
    const a = await accountWithPeople();
    const response = await get(a.collaboratorSession, `${BASE}/collaborator`);
    expect(response.json()).toEqual([
      {
        id: a.client.id,
        fullName: 'Harbour Supplies LLC',
        clientType: CLIENT_TYPE.business,
        owner: { id: a.owner.id, fullName: 'Olive Owner' },
        services: [a.taxName],
      },
    ]);
    expect((await get(a.ownerSession, `${BASE}/collaborator`)).json()).toEqual([]);
    await patch(a.ownerSession, `${BASE}/${a.client.id}/collaborators/${a.collaborator.id}/deactivate`);
    expect((await get(a.collaboratorSession, `${BASE}/collaborator`)).json()).toEqual([]);
  });

  it('answers 403 to staff without account:list', async () => {
    const advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    expect((await get(advisor, `${BASE}/owner`)).statusCode).toBe(403);
    expect((await get(advisor, `${BASE}/collaborator`)).statusCode).toBe(403);
  });
});

describe('details panel', () => {
  it('shows a business client to its owner and collaborator, masked, empty values null', async () => {
    const a = await accountWithPeople();
    for (const session of [a.ownerSession, a.collaboratorSession]) {
      const response = await get(session, `${BASE}/${a.client.id}/details`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        fullName: 'Harbour Supplies LLC',
        tradeName: null,
        website: null,
        phoneNumber: null,
        maskedTaxpayerIdentificationNumber: '**-***6789',
        maskedSocialSecurityNumber: null,
        emailAddress: 'harbour@example.com',
        address: `1 Main St, Springfield, ${a.stateName}, 12345`,
        services: [a.taxName],
        owner: { id: a.owner.id, fullName: 'Olive Owner' },
        collaborators: [{ userId: a.collaborator.id, isActive: true, services: [a.taxName] }],
        spouse: null,
      });
    }
    expect((await get(a.strangerSession, `${BASE}/${a.client.id}/details`)).statusCode).toBe(404);
  });

  it('masks SSN and birth date of a personal client and gives the marriage info', async () => {
    const a = await accountWithPeople(CLIENT_TYPE.personal);
    const body = (await get(a.ownerSession, `${BASE}/${a.client.id}/details`)).json();
    expect(body).toMatchObject({
      maskedSocialSecurityNumber: '***-**-6789',
      maskedBirthDate: '**.**.1984',
      maskedTaxpayerIdentificationNumber: null,
      maritalStatus: MARITAL_STATUS.married,
      spouse: { fullName: 'Sam Spouse', maskedSocialSecurityNumber: null, address: null },
    });
  });

  it('rejects a malformed id with 400', async () => {
    const a = await accountWithPeople();
    const response = await get(a.ownerSession, `${BASE}/abc/details`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toBeDefined();
  });
});

describe('activate and deactivate a collaborator', () => {
  it('lets only the owner change it; a deactivated collaborator loses the client at once', async () => {
    const a = await accountWithPeople();
    const deactivate = `${BASE}/${a.client.id}/collaborators/${a.collaborator.id}/deactivate`;
    const activate = `${BASE}/${a.client.id}/collaborators/${a.collaborator.id}/activate`;
    expect((await setCurrent(a.collaboratorSession, a.client.id)).statusCode).toBe(200);

    expect((await patch(a.collaboratorSession, deactivate)).statusCode).toBe(404);
    expect((await patch(a.strangerSession, deactivate)).statusCode).toBe(404);
    expect((await patch(a.ownerSession, `${BASE}/${a.client.id}/collaborators/999999/deactivate`)).statusCode).toBe(
      404,
    );
    expect((await patch(a.ownerSession, deactivate)).statusCode).toBe(204);

    expect((await get(a.collaboratorSession, `${BASE}/${a.client.id}/details`)).statusCode).toBe(404);
    expect((await setCurrent(a.collaboratorSession, a.client.id)).statusCode).toBe(404);
    expect((await remove(a.collaboratorSession, `${BASE}/${a.client.id}/collaboration`)).statusCode).toBe(404);
    const owned = (await get(a.ownerSession, `${BASE}/owner`)).json();
    expect(owned[0].collaborators[0].isActive).toBe(false);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.collaborator.deactivated'), eq(auditEvents.clientId, a.client.id)));
    expect(event?.actorUserId).toBe(a.owner.id);

    // Their session no longer acts for the client, not even once they are active again (ADR 0014).
    expect(await sessionClientOf(t.database.db, a.collaboratorSession)).toBeNull();
    expect((await patch(a.ownerSession, activate)).statusCode).toBe(204);
    expect((await get(a.collaboratorSession, `${BASE}/${a.client.id}/details`)).statusCode).toBe(200);
    expect(await sessionClientOf(t.database.db, a.collaboratorSession)).toBeNull();
  });
});

describe('leave a collaboration', () => {
  it('removes the collaboration and its services and clears it as the current client of every session', async () => {
    const a = await accountWithPeople();
    const db = t.database.db;
    // Three sessions of the collaborator: two on the shared client, one on an account of their own.
    const own = await createClient(db, { ownerUserId: a.collaborator.id, name: 'Carl Collab' });
    const laptop = await signIn(t.app, a.collaborator.username, a.collaborator.password);
    const tablet = await signIn(t.app, a.collaborator.username, a.collaborator.password);
    expect((await setCurrent(tablet, own.id)).statusCode).toBe(200);
    expect((await setCurrent(laptop, a.client.id)).statusCode).toBe(200);
    expect((await setCurrent(a.collaboratorSession, a.client.id)).statusCode).toBe(200);
    const leave = `${BASE}/${a.client.id}/collaboration`;
    expect((await remove(a.ownerSession, leave)).statusCode).toBe(404);
    expect((await remove(a.strangerSession, leave)).statusCode).toBe(404);
    expect((await remove(a.collaboratorSession, leave)).statusCode).toBe(204);

    const rows = await db.select().from(clientCollaborators).where(eq(clientCollaborators.clientId, a.client.id));
    expect(rows).toEqual([]);
    const granted = await db
      .select()
      .from(clientCollaboratorServices)
      .where(eq(clientCollaboratorServices.clientId, a.client.id));
    expect(granted).toEqual([]);
    expect(await sessionClientOf(db, a.collaboratorSession)).toBeNull();
    expect(await sessionClientOf(db, laptop)).toBeNull();
    expect(await sessionClientOf(db, tablet)).toBe(own.id);
    // The last choice was the client left: the next sign-in starts on none, not on it.
    const next = await signIn(t.app, a.collaborator.username, a.collaborator.password);
    expect(await sessionClientOf(db, next)).toBeNull();
    expect((await remove(a.collaboratorSession, leave)).statusCode).toBe(404);
  });
});
