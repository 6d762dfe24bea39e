import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { announcementAcknowledgements, announcements, auditEvents } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAnnouncement } from './announcement-factory.js';

const BASE = '/api/v1/document/announcements';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let collaborator: SignedIn;
let stranger: SignedIn;
let ownerUserId: number;
let collaboratorUserId: number;
let clientA: number;
let clientA2: number;
let clientB: number;

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const validInput = {
  title: 'Office hours',
  body: '<p>We close early on <strong>Friday</strong>.</p>',
  acknowledgmentText: '<p>I understand.</p>',
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemoFirm(db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const ownerUser = await createUser(db, { role: 'client' });
  const collaboratorUser = await createUser(db, { role: 'client' });
  const strangerUser = await createUser(db, { role: 'client' });
  ownerUserId = ownerUser.id;
  collaboratorUserId = collaboratorUser.id;
  clientA = (await createClient(db, { ownerUserId, name: 'Alpha LLC', collaboratorUserIds: [collaboratorUserId] })).id;
  clientA2 = (await createClient(db, { ownerUserId, name: 'Alpha Two LLC' })).id;
  clientB = (await createClient(db, { ownerUserId: strangerUser.id, name: 'Bravo Inc' })).id;
  // An inactive client is not asked to confirm anything.
  await createClient(db, { ownerUserId, name: 'Dormant Co', isActive: false });
  owner = await signIn(t.app, ownerUser.username, ownerUser.password);
  collaborator = await signIn(t.app, collaboratorUser.username, collaboratorUser.password);
  stranger = await signIn(t.app, strangerUser.username, strangerUser.password);
});
afterAll(() => t.close());

async function create(payload: object) {
  return t.app.inject({ method: 'POST', url: BASE, headers: bearer(admin), payload });
}

async function unconfirmed(session: SignedIn) {
  const response = await t.app.inject({ method: 'GET', url: `${BASE}/unconfirmed`, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    announcement: { id: number; body: string; acknowledgmentText: string };
    clients: { id: number; name: string }[];
  }[];
}

async function acknowledge(session: SignedIn, id: number, clients: number[]) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${id}/acknowledge`,
    headers: bearer(session),
    payload: { clients },
  });
}

/** Live announcements from other tests would show up too: keep only the ones a test made. */
async function unconfirmedIds(session: SignedIn, ids: number[]) {
  return (await unconfirmed(session)).filter((item) => ids.includes(item.announcement.id));
}

describe('creating announcements', () => {
  it('creates an active announcement, answers its details and records the audit event', async () => {
    const response = await create({ ...validInput, expirationDate: daysFromToday(10) });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ ...validInput, isActive: true, expirationDate: daysFromToday(10) });

    const details = await t.app.inject({ method: 'GET', url: `${BASE}/${created.id}`, headers: bearer(admin) });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual(created);

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'announcement.created'), eq(auditEvents.objectId, String(created.id))));
    expect(events).toHaveLength(1);
  });

  it('accepts today and no expiration date at all (null, empty or absent)', async () => {
    expect((await create({ ...validInput, expirationDate: daysFromToday(0) })).statusCode).toBe(201);
    for (const expirationDate of [null, '', undefined]) {
      const response = await create({ ...validInput, expirationDate });
      expect(response.statusCode).toBe(201);
      expect(response.json().expirationDate).toBeNull();
    }
  });

  it('refuses an expiration date in the past or not a real date', async () => {
    const past = await create({ ...validInput, expirationDate: daysFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json().error.details)).toContain('EXPIRATION_DATE_IN_PAST');
    expect((await create({ ...validInput, expirationDate: '2030-02-30' })).statusCode).toBe(400);
    expect((await create({ ...validInput, expirationDate: 'tomorrow' })).statusCode).toBe(400);
  });

  it('requires title, body and acknowledgment text, an empty editor counting as missing', async () => {
    for (const field of ['title', 'body', 'acknowledgmentText'] as const) {
      const { [field]: _left, ...rest } = validInput;
      expect((await create(rest)).statusCode, field).toBe(400);
    }
    expect((await create({ ...validInput, title: '   ' })).statusCode).toBe(400);
    expect((await create({ ...validInput, body: '<p></p>' })).statusCode).toBe(400);
    expect((await create({ ...validInput, acknowledgmentText: '<p> &nbsp; </p>' })).statusCode).toBe(400);
  });

  it('refuses a body that is nothing but stripped content', async () => {
    const response = await create({ ...validInput, body: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
  });
});

describe('stored XSS', () => {
  const payload =
    '<p onclick="steal()">Hello <img src=x onerror="alert(1)"><script>alert(document.cookie)</script>' +
    '<a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_self" onmouseover="x()">good</a>' +
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
    '<span style="color:red">plain</span></p><h2>Heading</h2><ul><li>item</li></ul><pre><code>x = 1</code></pre><hr>';

  it('strips scripts, handlers and unsafe links in storage and in every answer', async () => {
    const response = await create({ ...validInput, body: payload, acknowledgmentText: `<p>OK</p>${payload}` });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();

    const [stored] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
    const details = (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: bearer(admin) })).json();
    const forClient = (await unconfirmedIds(owner, [id]))[0]!.announcement;

    for (const html of [
      stored!.body,
      stored!.acknowledgmentText,
      details.body,
      details.acknowledgmentText,
      forClient.body,
      forClient.acknowledgmentText,
    ]) {
      expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|<style|<img|style=/i);
      expect(html).toContain(
        '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">good</a>',
      );
      expect(html).toContain('<a rel="noopener noreferrer nofollow" target="_blank">bad</a>');
      // The editor's own formatting survives.
      expect(html).toContain('<h2>Heading</h2><ul><li>item</li></ul><pre><code>x = 1</code></pre><hr />');
    }
    await t.app.inject({ method: 'PATCH', url: `${BASE}/${id}/deactivate`, headers: bearer(admin) });
  });
});

describe('listing, activating and deactivating', () => {
  it('pages newest first with the total count', async () => {
    const first = await createAnnouncement(t.database.db, { title: 'Paging one' });
    const second = await createAnnouncement(t.database.db, { title: 'Paging two' });
    const response = await t.app.inject({ method: 'GET', url: `${BASE}?limit=2&offset=0`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toEqual({
      id: second.id,
      version: expect.stringMatching(/^\d+$/),
      title: 'Paging two',
      isActive: true,
      expirationDate: null,
      creationTime: second.createdAt.toISOString(),
    });
    const total = await t.database.db.$count(announcements);
    expect(page.totalCount).toBe(total);
    const next = (
      await t.app.inject({ method: 'GET', url: `${BASE}?limit=2&offset=2`, headers: bearer(admin) })
    ).json();
    expect(next.items).toHaveLength(Math.min(2, total - 2));
  });

  it('deactivates and activates again, with 404 for an unknown id', async () => {
    const { id } = await createAnnouncement(t.database.db);
    const state = async () =>
      (await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: bearer(admin) })).json().isActive;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `${BASE}/${id}/deactivate`, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    expect(await state()).toBe(false);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `${BASE}/${id}/activate`, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    expect(await state()).toBe(true);
    for (const action of ['activate', 'deactivate']) {
      const response = await t.app.inject({ method: 'PATCH', url: `${BASE}/999999/${action}`, headers: bearer(admin) });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/999999`, headers: bearer(admin) })).statusCode).toBe(404);
  });
});

describe('confirming after sign-in', () => {
  it("lists live, unconfirmed announcements oldest first with the caller's own active clients", async () => {
    const db = t.database.db;
    const older = await createAnnouncement(db, { expirationDate: daysFromToday(0) });
    const newer = await createAnnouncement(db);
    const inactive = await createAnnouncement(db, { isActive: false });
    const expired = await createAnnouncement(db, { expirationDate: daysFromToday(-1) });
    const ids = [older.id, newer.id, inactive.id, expired.id];

    const forOwner = await unconfirmedIds(owner, ids);
    expect(forOwner.map((item) => item.announcement.id)).toEqual([older.id, newer.id]);
    expect(forOwner[0]!.clients).toEqual([
      { id: clientA, name: 'Alpha LLC' },
      { id: clientA2, name: 'Alpha Two LLC' },
    ]);
    expect((await unconfirmedIds(collaborator, ids))[0]!.clients).toEqual([{ id: clientA, name: 'Alpha LLC' }]);
    expect(await unconfirmed(admin)).toEqual([]);
  });

  it('records user, client and time; is idempotent; leaves the other clients and users unconfirmed', async () => {
    const db = t.database.db;
    const { id } = await createAnnouncement(db);

    expect((await acknowledge(owner, id, [clientA])).statusCode).toBe(204);
    expect((await unconfirmedIds(owner, [id]))[0]!.clients).toEqual([{ id: clientA2, name: 'Alpha Two LLC' }]);
    // The collaborator's own confirmation for the same client is still wanted.
    expect(await unconfirmedIds(collaborator, [id])).toHaveLength(1);

    const [first] = await db
      .select()
      .from(announcementAcknowledgements)
      .where(eq(announcementAcknowledgements.announcementId, id));
    expect(first).toMatchObject({ userId: ownerUserId, clientId: clientA });

    expect((await acknowledge(owner, id, [clientA, clientA2])).statusCode).toBe(204);
    const rows = await db
      .select()
      .from(announcementAcknowledgements)
      .where(eq(announcementAcknowledgements.announcementId, id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.clientId === clientA)!.acknowledgedAt).toEqual(first!.acknowledgedAt);
    expect(await unconfirmedIds(owner, [id])).toEqual([]);

    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'announcement.acknowledged'), eq(auditEvents.objectId, String(id))));
    expect(audited.map((event) => event.clientId).sort()).toEqual([clientA, clientA2].sort());
  });

  it("answers 404 for someone else's client, an inactive, expired or unknown announcement, and records nothing", async () => {
    const db = t.database.db;
    const live = await createAnnouncement(db);
    const inactive = await createAnnouncement(db, { isActive: false });
    const expired = await createAnnouncement(db, { expirationDate: daysFromToday(-1) });

    expect((await acknowledge(owner, live.id, [clientB])).statusCode).toBe(404);
    expect((await acknowledge(owner, live.id, [clientA, clientB])).statusCode).toBe(404);
    expect((await acknowledge(stranger, live.id, [clientA])).statusCode).toBe(404);
    expect((await acknowledge(admin, live.id, [clientA])).statusCode).toBe(404);
    expect((await acknowledge(owner, inactive.id, [clientA])).statusCode).toBe(404);
    expect((await acknowledge(owner, expired.id, [clientA])).statusCode).toBe(404);
    expect((await acknowledge(owner, 999999, [clientA])).statusCode).toBe(404);
    expect((await acknowledge(owner, live.id, [])).statusCode).toBe(400);

    const recorded = await db
      .select()
      .from(announcementAcknowledgements)
      .where(eq(announcementAcknowledgements.announcementId, live.id));
    expect(recorded).toEqual([]);
  });
});

describe('who has confirmed', () => {
  it('lists the confirmations and the client users still to confirm', async () => {
    const { id } = await createAnnouncement(t.database.db);
    expect((await acknowledge(collaborator, id, [clientA])).statusCode).toBe(204);

    const list = async (status: string, query = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${BASE}/${id}/acknowledgements?status=${status}${query}`,
          headers: bearer(admin),
        })
      ).json();

    const acknowledged = await list('acknowledged');
    expect(acknowledged.totalCount).toBe(1);
    expect(acknowledged.items[0]).toMatchObject({ userId: collaboratorUserId, clientId: clientA, client: 'Alpha LLC' });
    expect(Date.parse(acknowledged.items[0].acknowledgedAt)).not.toBeNaN();

    const pending = await list('pending', '&limit=100');
    const pairs = pending.items.map((item: { userId: number; clientId: number }) => `${item.userId}/${item.clientId}`);
    expect(pairs).toContain(`${ownerUserId}/${clientA}`);
    expect(pairs).toContain(`${ownerUserId}/${clientA2}`);
    expect(pairs).not.toContain(`${collaboratorUserId}/${clientA}`);
    expect(pending.items.every((item: { acknowledgedAt: unknown }) => item.acknowledgedAt === null)).toBe(true);
    expect(pending.totalCount).toBe(pending.items.length);

    const firstPage = await list('pending', '&limit=1');
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.totalCount).toBe(pending.totalCount);
  });

  it('answers 404 for an unknown announcement', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/999999/acknowledgements`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(404);
  });
});
