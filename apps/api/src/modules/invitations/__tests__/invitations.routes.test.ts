import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  CLIENT_TYPE,
  INVITATION_STATUS,
  INVITATION_TYPE,
  REGISTRATION_ERROR_CODE,
  SEND_INVITATION_RESULT,
} from '@ledgerport/shared';
import {
  auditEvents,
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  clients,
  invitations,
  roles,
  services,
  userRoles,
  users,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { sha256Hex } from '../../../lib/crypto.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { createInvitation, newEmail, registrationFor } from '../../../testing/invitations-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const SEND = '/api/v1/document/invitations/send';
const RECEIVED = '/api/v1/identity/invitations/received';
const REGISTER = '/api/v1/identity/register/client';
const MY_CLIENTS = '/api/v1/document/users/me/clients';
const CURRENT = '/api/v1/document/users/me/clients/current';

let smtp: TestSmtpServer;
let t: TestApp;
let advisor: SignedIn;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://portal.example.com' });
  await seedDemoFirm(t.database.db);
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const send = (session: SignedIn, recipientEmailAddress: string) =>
  t.app.inject({ method: 'POST', url: SEND, headers: bearer(session), payload: { recipientEmailAddress } });
const received = (registrationToken: string) =>
  t.app.inject({ method: 'POST', url: RECEIVED, payload: { registrationToken } });
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: REGISTER, payload });

const invitationsTo = (email: string) =>
  t.database.db.select().from(invitations).where(eq(invitations.recipientEmailAddress, email));
const userByEmail = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.emailAddress, email));
  return row;
};

/** The link from the delivered message's text part. */
function tokenFromMail(text: string | undefined): string {
  const match = /https:\/\/portal\.example\.com\/register\?token=([\w-]+)/.exec(text ?? '');
  if (!match) throw new Error(`No register link in: ${text}`);
  return match[1]!;
}

/** A client user who owns a business client (with an advisor) chosen as their current client. */
async function ownerWithCurrentClient(name = 'Owner Co') {
  const db = t.database.db;
  const [advisorRow] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'b1g1_advisor'));
  const owner = await createUser(db);
  const client = await createClient(db, { ownerUserId: owner.id, name });
  const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  await db.insert(clientServices).values({ clientId: client.id, serviceId: tax!.id });
  await db.update(clients).set({ advisorUserId: advisorRow!.id }).where(eq(clients.id, client.id));
  const session = await signIn(t.app, owner.username, owner.password);
  await t.app.inject({ method: 'PUT', url: CURRENT, headers: bearer(session), payload: { clientId: client.id } });
  return { owner, client, session, advisorUserId: advisorRow!.id };
}

describe('POST document/invitations/send', () => {
  it('lets an advisor invite a prospective client: a hashed 7-day token and the e-mail with the register link', async () => {
    const email = newEmail();
    const response = await send(advisor, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultType: SEND_INVITATION_RESULT.success, errorMessage: null });

    const [row] = await invitationsTo(email);
    expect(row).toMatchObject({
      type: INVITATION_TYPE.advisorToClient,
      status: INVITATION_STATUS.sent,
      senderUserId: advisor.userId,
      clientId: null,
    });
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect(await t.app.worker.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.to && 'text' in message.to ? message.to.text : '').toBe(email);
    expect(message.subject).toBe('Batch1 Group1 invited you to Ledgerport');
    const token = tokenFromMail(message.text);
    // 256 random bits, and only the hash is kept.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(row!.tokenHash).toBe(sha256Hex(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(message.html).toContain(`href="https://portal.example.com/register?token=${token}"`);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invitation.sent'), eq(auditEvents.objectId, String(row!.id))));
    expect(audit?.actorUserId).toBe(advisor.userId);
  });

  it('answers 2 for the address of any registered user, whatever its case, and sends nothing', async () => {
    const response = await send(advisor, 'B1G2_Employee@Gmail.com');
    expect(response.json()).toEqual({
      resultType: SEND_INVITATION_RESULT.registeredUser,
      errorMessage: expect.stringContaining('B1G2_Employee@Gmail.com'),
    });
    expect(await invitationsTo('B1G2_Employee@Gmail.com')).toEqual([]);
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(0);
  });

  it('lets a client owner invite a collaborator onto their current client, naming it in the e-mail', async () => {
    const { client, session, owner } = await ownerWithCurrentClient('Harbor Bakery LLC');
    const email = newEmail('collaborator');
    const response = await send(session, email);
    expect(response.json().resultType).toBe(SEND_INVITATION_RESULT.success);
    const [row] = await invitationsTo(email);
    expect(row).toMatchObject({
      type: INVITATION_TYPE.clientToCollaborator,
      clientId: client.id,
      senderUserId: owner.id,
    });
    await t.app.worker.drain();
    expect(smtp.received[0]!.text).toContain('to collaborate on Harbor Bakery LLC');
  });

  it('answers 3 when the address is already the owner or a collaborator of the current client', async () => {
    const { client, session, owner } = await ownerWithCurrentClient();
    const collaborator = await createUser(t.database.db);
    await t.database.db
      .insert(clientCollaborators)
      .values({ clientId: client.id, userId: collaborator.id, isActive: false });

    for (const email of [collaborator.emailAddress.toUpperCase(), owner.emailAddress]) {
      const response = await send(session, email);
      expect(response.json()).toEqual({
        resultType: SEND_INVITATION_RESULT.ownerOrCollaborator,
        errorMessage: expect.stringContaining(email),
      });
    }
    // Someone registered but unrelated to this client is result 2.
    expect((await send(session, 'b1g3_client@gmail.com')).json().resultType).toBe(
      SEND_INVITATION_RESULT.registeredUser,
    );
  });

  it('refuses a collaborator (403): only the owner invites onto an account', async () => {
    const { client } = await ownerWithCurrentClient();
    const collaborator = await createUser(t.database.db);
    await t.database.db.insert(clientCollaborators).values({ clientId: client.id, userId: collaborator.id });
    const session = await signIn(t.app, collaborator.username, collaborator.password);
    await t.app.inject({ method: 'PUT', url: CURRENT, headers: bearer(session), payload: { clientId: client.id } });

    const response = await send(session, newEmail());
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 NO_CURRENT_CLIENT to a client user who has not chosen an account', async () => {
    const user = await createUser(t.database.db);
    await createClient(t.database.db, { ownerUserId: user.id });
    const session = await signIn(t.app, user.username, user.password);
    const response = await send(session, newEmail());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('NO_CURRENT_CLIENT');
  });

  it('needs invitation:send: supervisors and employees get 403, anonymous 401', async () => {
    for (const login of ['b1g1_supervisor@gmail.com', 'b1g1_employee@gmail.com']) {
      const session = await signIn(t.app, login, 'Group1');
      expect((await send(session, newEmail())).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: SEND, payload: { recipientEmailAddress: newEmail() } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates the address', async () => {
    for (const recipientEmailAddress of ['', 'not an e-mail', `${'a'.repeat(250)}@example.com`]) {
      const response = await send(advisor, recipientEmailAddress);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ in: 'body', field: 'recipientEmailAddress' }),
      ]);
    }
  });

  it('replaces the pending invitation of the same sender to the same address: only the newest link works', async () => {
    const email = newEmail();
    await send(advisor, email);
    await send(advisor, email.toUpperCase());
    await t.app.worker.drain();
    const [first, second] = smtp.received.map((m) => tokenFromMail(m.text));
    const rows = await t.database.db
      .select()
      .from(invitations)
      .where(sql`lower(${invitations.recipientEmailAddress}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(second!));
    expect((await received(first!)).json().isValidRegistrationToken).toBe(false);
    expect((await received(second!)).json().isValidRegistrationToken).toBe(true);

    // Another advisor's invitation to the same person is their own and stays.
    const other = await signIn(t.app, 'b1g2_advisor@gmail.com', 'Group2');
    await send(other, email);
    expect(
      await t.database.db
        .select()
        .from(invitations)
        .where(sql`lower(${invitations.recipientEmailAddress}) = ${email}`),
    ).toHaveLength(2);
  });
});

describe('POST identity/invitations/received', () => {
  it('confirms a usable link with its address and marks it received the first time only', async () => {
    const invitation = await createInvitation(t.database.db, { senderUserId: advisor.userId });
    const response = await received(invitation.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isValidRegistrationToken: true,
      recipientEmailAddress: invitation.recipientEmailAddress,
    });
    const [first] = await invitationsTo(invitation.recipientEmailAddress);
    expect(first?.status).toBe(INVITATION_STATUS.received);
    expect(first?.receivedAt).toBeInstanceOf(Date);

    await received(invitation.token);
    const [second] = await invitationsTo(invitation.recipientEmailAddress);
    expect(second?.receivedAt).toEqual(first?.receivedAt);
  });

  it('says nothing about unknown, expired and registered links', async () => {
    const db = t.database.db;
    const expired = await createInvitation(db, {
      senderUserId: advisor.userId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const used = await createInvitation(db, { senderUserId: advisor.userId, status: INVITATION_STATUS.registered });
    for (const token of ['unknown-token', expired.token, used.token]) {
      expect((await received(token)).json()).toEqual({ isValidRegistrationToken: false, recipientEmailAddress: null });
    }
    const [row] = await invitationsTo(expired.recipientEmailAddress);
    expect(row?.status).toBe(INVITATION_STATUS.sent);
  });

  it('validates the token', async () => {
    expect((await received('')).statusCode).toBe(400);
    expect((await received('x'.repeat(600))).statusCode).toBe(400);
  });
});

describe('POST identity/register/client', () => {
  it("registers an advisor's invitee as a client user with that advisor, signs in, and spends the link", async () => {
    const invitation = await createInvitation(t.database.db, {
      senderUserId: advisor.userId,
      recipientEmailAddress: newEmail('nora.new'),
    });
    const response = await register(
      registrationFor(invitation, { emailAddress: invitation.recipientEmailAddress.toUpperCase() }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const user = await userByEmail(invitation.recipientEmailAddress);
    expect(user).toMatchObject({
      id,
      firstName: 'Nora',
      lastName: 'Newcomer',
      phoneNumber: '5550102000', // stored in the one normalised form
      advisorUserId: advisor.userId,
      inviterUserId: advisor.userId,
      isActive: true,
    });
    expect(user!.username).toBe(invitation.recipientEmailAddress.split('@')[0]);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const roleNames = await t.database.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, id));
    expect(roleNames).toEqual([{ name: 'client' }]);

    const [row] = await invitationsTo(invitation.recipientEmailAddress);
    expect(row).toMatchObject({ status: INVITATION_STATUS.registered, registeredUserId: id });
    expect(row?.registeredAt).toBeInstanceOf(Date);

    const session = await signIn(t.app, invitation.recipientEmailAddress, 'Harbour7');
    expect(session.userId).toBe(id);
    expect((await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json()).toEqual([]);

    const again = await register(registrationFor(invitation, { emailAddress: invitation.recipientEmailAddress }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe(REGISTRATION_ERROR_CODE.invalidToken);
    expect((await received(invitation.token)).json().isValidRegistrationToken).toBe(false);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invitation.registered'), eq(auditEvents.actorUserId, id)));
    expect(audit?.details).toMatchObject({ invitationId: row!.id, inviterUserId: advisor.userId });
  });

  it('gives no advisor when the inviter is not an advisor (an admin)', async () => {
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const invitation = await createInvitation(t.database.db, { senderUserId: admin.userId });
    expect((await register(registrationFor(invitation))).statusCode).toBe(201);
    const user = await userByEmail(invitation.recipientEmailAddress);
    expect(user).toMatchObject({ advisorUserId: null, inviterUserId: admin.userId });
  });

  it("makes a collaborator's invitee an active collaborator who sees the owner's account", async () => {
    const { owner, client, advisorUserId } = await ownerWithCurrentClient('Collab Target LLC');
    const invitation = await createInvitation(t.database.db, { senderUserId: owner.id, clientId: client.id });
    const response = await register(registrationFor(invitation));
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const [collaboration] = await t.database.db
      .select()
      .from(clientCollaborators)
      .where(and(eq(clientCollaborators.clientId, client.id), eq(clientCollaborators.userId, id)));
    expect(collaboration?.isActive).toBe(true);
    // A new collaborator gets every service of the client.
    const clientServiceIds = (
      await t.database.db.select().from(clientServices).where(eq(clientServices.clientId, client.id))
    ).map((row) => row.serviceId);
    expect(clientServiceIds.length).toBeGreaterThan(0);
    const granted = await t.database.db
      .select()
      .from(clientCollaboratorServices)
      .where(and(eq(clientCollaboratorServices.clientId, client.id), eq(clientCollaboratorServices.userId, id)));
    expect(granted.map((row) => row.serviceId).sort()).toEqual(clientServiceIds.sort());
    expect(await userByEmail(invitation.recipientEmailAddress)).toMatchObject({
      inviterUserId: owner.id,
      advisorUserId,
    });

    const session = await signIn(t.app, invitation.recipientEmailAddress, 'Harbour7');
    const accounts = (await t.app.inject({ method: 'GET', url: MY_CLIENTS, headers: bearer(session) })).json();
    expect(accounts).toEqual([
      {
        id: client.id,
        name: 'Collab Target LLC',
        clientType: CLIENT_TYPE.business,
        usedBookkeepingServiceAtLeastOnce: false,
        isOwner: false,
      },
    ]);
  });

  it('refuses an address other than the invited one, and the link stays usable', async () => {
    const invitation = await createInvitation(t.database.db, { senderUserId: advisor.userId });
    const response = await register(registrationFor(invitation, { emailAddress: newEmail('someone.else') }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(REGISTRATION_ERROR_CODE.emailMismatch);
    expect((await register(registrationFor(invitation))).statusCode).toBe(201);
  });

  it('answers 409 EMAIL_ALREADY_REGISTERED when the address registered meanwhile', async () => {
    const existing = await createUser(t.database.db);
    const invitation = await createInvitation(t.database.db, {
      senderUserId: advisor.userId,
      recipientEmailAddress: existing.emailAddress.toUpperCase(),
    });
    const response = await register(registrationFor(invitation));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: REGISTRATION_ERROR_CODE.emailAlreadyRegistered,
      message: expect.stringContaining(existing.emailAddress.toUpperCase()),
    });
    const [row] = await invitationsTo(invitation.recipientEmailAddress);
    expect(row?.status).toBe(INVITATION_STATUS.sent);
  });

  it('refuses unknown and expired links with INVALID_REGISTRATION_TOKEN', async () => {
    const expired = await createInvitation(t.database.db, {
      senderUserId: advisor.userId,
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const payload of [
      registrationFor(expired),
      registrationFor({ token: 'no-such-token', recipientEmailAddress: newEmail() }),
    ]) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe(REGISTRATION_ERROR_CODE.invalidToken);
    }
    expect(await userByEmail(expired.recipientEmailAddress)).toBeUndefined();
  });

  it('validates the form: required fields, the password pattern and its confirmation', async () => {
    const invitation = await createInvitation(t.database.db, { senderUserId: advisor.userId });
    const response = await register(
      registrationFor(invitation, { firstName: ' ', phoneNumber: '', password: 'weak', confirmPassword: 'other' }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'phoneNumber', 'password']));

    const mismatch = await register(registrationFor(invitation, { confirmPassword: 'Welcome2' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details).toEqual([expect.objectContaining({ field: 'confirmPassword' })]);
    expect(await userByEmail(invitation.recipientEmailAddress)).toBeUndefined();
  });

  it('derives a unique username from the local part of the address', async () => {
    const local = `jane.doe+${Date.now()}`;
    const first = await createInvitation(t.database.db, {
      senderUserId: advisor.userId,
      recipientEmailAddress: `${local}@one.example`,
    });
    const second = await createInvitation(t.database.db, {
      senderUserId: advisor.userId,
      recipientEmailAddress: `${local}@two.example`,
    });
    await register(registrationFor(first));
    await register(registrationFor(second));
    const expected = local.replace('+', '');
    expect((await userByEmail(first.recipientEmailAddress))?.username).toBe(expected);
    expect((await userByEmail(second.recipientEmailAddress))?.username).toBe(`${expected}2`);
  });
});

describe('registration throttling', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3' });
    await seedDemoFirm(strict.database.db);
  });
  afterAll(() => strict.close());

  it('answers 429 with Retry-After after too many failures from one address, even for a good link', async () => {
    const [row] = await strict.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'b1g1_advisor'));
    const invitation = await createInvitation(strict.database.db, { senderUserId: row!.id });
    const attempt = (payload: Record<string, unknown>) => strict.app.inject({ method: 'POST', url: REGISTER, payload });

    for (let i = 0; i < 3; i++) {
      const response = await attempt(registrationFor({ ...invitation, token: `guess-${i}` }));
      expect(response.statusCode).toBe(400);
    }
    const blocked = await attempt(registrationFor(invitation));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected.
    const elsewhere = await strict.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: registrationFor(invitation),
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
