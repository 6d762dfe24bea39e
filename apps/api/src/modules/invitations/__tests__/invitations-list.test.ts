import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITATION_STATUS, INVITATION_TYPE } from '@ledgerport/shared';
import { clients, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { createInvitation, newEmail } from '../../../testing/invitations-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const LIST = '/api/v1/document/invitations';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let advisorId: number;
let otherAdvisorId: number;
let owner: { id: number; session: SignedIn; clientId: number };
let otherClientId: number;

const list = (session: SignedIn, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: LIST,
    headers: bearer(session),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const ids = (response: { json: () => { items: Array<{ id: number }> } }) =>
  response.json().items.map((item) => item.id);

const made: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemoFirm(db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const [advisorRow] = await db.select().from(users).where(eq(users.username, 'b1g1_advisor'));
  const [otherAdvisorRow] = await db.select().from(users).where(eq(users.username, 'b1g2_advisor'));
  advisorId = advisorRow!.id;
  otherAdvisorId = otherAdvisorRow!.id;
  const ownerUser = await createUser(db);
  const client = await createClient(db, { ownerUserId: ownerUser.id, name: 'Listed Co' });
  const other = await createClient(db, { ownerUserId: ownerUser.id, name: 'Other Co' });
  otherClientId = other.id;
  owner = {
    id: ownerUser.id,
    session: await signIn(t.app, ownerUser.username, ownerUser.password),
    clientId: client.id,
  };

  // A minute apart, oldest first: the list's "newest first" must not hang on the clock's resolution
  // (two inserts in one instant tie, and PGlite's clock can give them one).
  const sentAt = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));
  made.mine = (
    await createInvitation(db, {
      senderUserId: advisorId,
      recipientEmailAddress: newEmail('alpha'),
      createdAt: sentAt(1),
    })
  ).id;
  made.theirs = (
    await createInvitation(db, {
      senderUserId: otherAdvisorId,
      recipientEmailAddress: newEmail('beta'),
      status: INVITATION_STATUS.registered,
      createdAt: sentAt(2),
    })
  ).id;
  made.collaborator = (
    await createInvitation(db, {
      senderUserId: ownerUser.id,
      clientId: client.id,
      recipientEmailAddress: newEmail('gamma'),
      createdAt: sentAt(3),
    })
  ).id;
  made.otherClient = (
    await createInvitation(db, { senderUserId: ownerUser.id, clientId: other.id, createdAt: sentAt(4) })
  ).id;
});
afterAll(() => t.close());

describe('GET document/invitations', () => {
  it('gives admins every invitation, newest first, with sender, client and ISO creation time', async () => {
    const response = await list(admin, { limit: 50 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(4);
    expect(ids(response)).toEqual([made.otherClient, made.collaborator, made.theirs, made.mine]);
    expect(body.items[1]).toEqual({
      id: made.collaborator,
      sender: { id: owner.id, fullName: expect.any(String) },
      recipientEmailAddress: expect.stringMatching(/^gamma_/),
      type: INVITATION_TYPE.clientToCollaborator,
      client: { id: owner.clientId, name: 'Listed Co' },
      creationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: INVITATION_STATUS.sent,
    });
    expect(body.items[3].client).toBeNull();
  });

  it('filters by recipient (contains, any case), status, type, sender and client for admins', async () => {
    expect(ids(await list(admin, { recipientEmailAddress: 'ALPHA_' }))).toEqual([made.mine]);
    expect(ids(await list(admin, { status: INVITATION_STATUS.registered }))).toEqual([made.theirs]);
    expect(ids(await list(admin, { type: INVITATION_TYPE.advisorToClient }))).toEqual([made.theirs, made.mine]);
    expect(ids(await list(admin, { senderUserId: otherAdvisorId }))).toEqual([made.theirs]);
    expect(ids(await list(admin, { clientId: otherClientId }))).toEqual([made.otherClient]);
  });

  it('pages and counts in SQL', async () => {
    const response = await list(admin, { limit: 1, offset: 1 });
    expect(response.json()).toMatchObject({ totalCount: 4, items: [{ id: made.collaborator }] });
  });

  it('gives advisors only the invitations they sent and ignores the admin-only filters', async () => {
    expect(ids(await list(advisor))).toEqual([made.mine]);
    expect(
      ids(await list(advisor, { senderUserId: otherAdvisorId, type: INVITATION_TYPE.clientToCollaborator })),
    ).toEqual([made.mine]);
  });

  it('gives client users the invitations onto their current client, none without one', async () => {
    expect((await list(owner.session)).json()).toEqual({ items: [], totalCount: 0 });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/document/users/me/clients/current',
      headers: bearer(owner.session),
      payload: { clientId: owner.clientId },
    });
    expect(ids(await list(owner.session))).toEqual([made.collaborator]);
    expect(ids(await list(owner.session, { clientId: otherClientId }))).toEqual([]);
  });

  it('loses the list of a client once its current client is out of scope', async () => {
    const db = t.database.db;
    await db.update(clients).set({ isActive: false }).where(eq(clients.id, owner.clientId));
    expect(ids(await list(owner.session))).toEqual([]);
    await db.update(clients).set({ isActive: true }).where(eq(clients.id, owner.clientId));
  });

  it('answers 403 without invitation:list and 400 for a malformed filter', async () => {
    const supervisor = await signIn(t.app, 'b1g1_supervisor@gmail.com', 'Group1');
    expect((await list(supervisor)).statusCode).toBe(403);
    const bad = await list(admin, { status: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toBeDefined();
  });
});
