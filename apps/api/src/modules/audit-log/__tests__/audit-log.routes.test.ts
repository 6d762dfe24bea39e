import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditEvents } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';

const EVENTS = '/api/v1/identity/audit-events';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
});
afterAll(() => t.close());

function get(url: string, session: SignedIn = admin, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, query, headers: bearer(session) });
}

type EventRow = typeof auditEvents.$inferInsert;

/** A user of their own, so the events a test writes are the only ones its actor filter finds. */
async function actorWithEvents(events: Array<Partial<EventRow>>) {
  const actor = await createUser(t.database.db, { role: 'employee', firstName: 'Ada', lastName: 'Auditee' });
  await t.database.db
    .insert(auditEvents)
    .values(events.map((event) => ({ action: AUDIT_ACTION.userUpdated, ...event, actorUserId: actor.id })));
  return actor;
}

describe('GET identity/audit-events', () => {
  it('lists newest first with the actor, the client and the request facts', async () => {
    const owner = await createUser(t.database.db);
    const client = await createClient(t.database.db, { ownerUserId: owner.id, name: 'Audited LLC' });
    const actor = await actorWithEvents([
      { action: AUDIT_ACTION.clientUpdated, occurredAt: new Date('2026-03-01T10:00:00Z') },
      {
        action: AUDIT_ACTION.clientUpdated,
        occurredAt: new Date('2026-03-02T10:00:00Z'),
        objectType: 'client',
        objectId: String(client.id),
        clientId: client.id,
        ipAddress: '203.0.113.9',
        userAgent: 'Test agent',
        requestId: 'req-42',
        details: { field: 'name' },
      },
    ]);
    const response = await get(EVENTS, admin, { actorUserId: String(actor.id) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(2);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      time: '2026-03-02T10:00:00.000Z',
      action: 'client.updated',
      actor: { id: actor.id, fullName: 'Ada Auditee' },
      objectType: 'client',
      objectId: String(client.id),
      client: { id: client.id, name: 'Audited LLC' },
      ipAddress: '203.0.113.9',
      userAgent: 'Test agent',
      requestId: 'req-42',
      details: { field: 'name' },
    });
    expect(body.items[1].time).toBe('2026-03-01T10:00:00.000Z');
    expect(body.items[1].client).toBeNull();
  });

  it('pages with limit and offset over a stable order', async () => {
    const times = [1, 2, 3, 4, 5].map((day) => new Date(`2026-04-0${day}T00:00:00Z`));
    const actor = await actorWithEvents(times.map((occurredAt) => ({ occurredAt })));
    const page = async (offset: number) =>
      (await get(EVENTS, admin, { actorUserId: String(actor.id), limit: '2', offset: String(offset) })).json();
    const [first, second, third] = [await page(0), await page(2), await page(4)];
    expect(first.totalCount).toBe(5);
    expect([...first.items, ...second.items, ...third.items].map((e: { time: string }) => e.time)).toEqual(
      times.map((time) => time.toISOString()).reverse(),
    );
  });

  it('filters by exact action and by an area prefix', async () => {
    const actor = await actorWithEvents([
      { action: AUDIT_ACTION.documentViewed },
      { action: AUDIT_ACTION.documentDownloaded },
      { action: AUDIT_ACTION.tagCreated },
    ]);
    const actions = async (action: string) =>
      (await get(EVENTS, admin, { actorUserId: String(actor.id), action }))
        .json()
        .items.map((e: { action: string }) => e.action);
    expect(await actions('document.viewed')).toEqual(['document.viewed']);
    expect((await actions('document.')).sort()).toEqual(['document.downloaded', 'document.viewed']);
    expect(await actions('tag.')).toEqual(['tag.created']);
    expect(await actions('nothing.')).toEqual([]);
    expect((await get(EVENTS, admin, { action: 'DROP TABLE;' })).statusCode).toBe(400);
  });

  it('filters by client and by document', async () => {
    const owner = await createUser(t.database.db);
    const client = await createClient(t.database.db, { ownerUserId: owner.id });
    const actor = await actorWithEvents([
      { action: AUDIT_ACTION.documentViewed, objectType: 'document', objectId: '9001', clientId: client.id },
      { action: AUDIT_ACTION.documentViewed, objectType: 'document', objectId: '9002', clientId: client.id },
      // Another kind of object with the same id is not that document.
      { action: AUDIT_ACTION.tagCreated, objectType: 'tag', objectId: '9001' },
    ]);
    const byClient = (await get(EVENTS, admin, { clientId: String(client.id) })).json();
    expect(byClient.totalCount).toBe(2);
    const byDocument = (await get(EVENTS, admin, { documentId: '9001', actorUserId: String(actor.id) })).json();
    expect(byDocument.items.map((e: { objectId: string; objectType: string }) => [e.objectType, e.objectId])).toEqual([
      ['document', '9001'],
    ]);
  });

  it('filters by a time range, from inclusive and to exclusive', async () => {
    const actor = await actorWithEvents(
      ['2026-05-01T00:00:00Z', '2026-05-02T00:00:00Z', '2026-05-03T00:00:00Z'].map((time) => ({
        occurredAt: new Date(time),
      })),
    );
    const body = (
      await get(EVENTS, admin, {
        actorUserId: String(actor.id),
        from: '2026-05-01T00:00:00Z',
        to: '2026-05-03T00:00:00.000+00:00',
      })
    ).json();
    expect(body.items.map((e: { time: string }) => e.time)).toEqual([
      '2026-05-02T00:00:00.000Z',
      '2026-05-01T00:00:00.000Z',
    ]);
    expect((await get(EVENTS, admin, { from: '5-1-2026' })).statusCode).toBe(400);
  });

  it('searches inside the details, case-insensitively and with wildcards taken literally', async () => {
    const actor = await actorWithEvents([
      { details: { note: 'Quarterly REVIEW done' } },
      { details: { note: 'nothing here' } },
      { details: { note: '100% sure' } },
    ]);
    const search = async (text: string) =>
      (await get(EVENTS, admin, { actorUserId: String(actor.id), search: text })).json().totalCount;
    expect(await search('review')).toBe(1);
    expect(await search('%')).toBe(1);
  });

  it('is for holders of audit:list only', async () => {
    expect((await get(EVENTS, advisor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: EVENTS })).statusCode).toBe(401);
  });
});

describe('GET identity/audit-events/actions', () => {
  it('lists every action the API records, sorted', async () => {
    const response = await get(`${EVENTS}/actions`);
    expect(response.statusCode).toBe(200);
    const actions: string[] = response.json();
    expect(actions).toContain('auth.sign-in.succeeded');
    expect(actions).toContain('auth.session.revoked');
    expect(actions).toEqual([...actions].sort());
    expect(new Set(actions).size).toBe(actions.length);
  });
});

describe('GET identity/audit-events/export', () => {
  it('streams the filtered events as .xlsx, neutralises formula-like cells and records the export', async () => {
    const actor = await actorWithEvents([
      {
        action: AUDIT_ACTION.clientUpdated,
        occurredAt: new Date('2026-06-01T08:00:00Z'),
        objectType: 'client',
        objectId: '=HYPERLINK("http://evil.example","x")',
        userAgent: '+cmd|calc',
        requestId: '@SUM(A1)',
        ipAddress: '-1+1',
      },
      { action: AUDIT_ACTION.tagCreated, occurredAt: new Date('2026-06-02T08:00:00Z') },
    ]);
    const response = await get(`${EVENTS}/export`, admin, { actorUserId: String(actor.id), action: 'client.' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/filename="Audit_log_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Audit log')!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => values[header.indexOf(name)];
    expect(cell('Time (UTC)')).toBe('2026-06-01T08:00:00.000Z');
    expect(cell('Action')).toBe('client.updated');
    expect(cell('Actor')).toBe('Ada Auditee');
    expect(cell('Object id')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cell('User agent')).toBe(`'+cmd|calc`);
    expect(cell('Request id')).toBe(`'@SUM(A1)`);
    expect(cell('IP address')).toBe(`'-1+1`);
    // Nothing in the file is a formula cell.
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit.exported'), eq(auditEvents.actorUserId, admin.userId)));
    expect(event?.details).toMatchObject({ filters: { action: 'client.' } });
  });

  it('is for holders of audit:export only', async () => {
    expect((await get(`${EVENTS}/export`, advisor)).statusCode).toBe(403);
  });
});

describe('the audit trail is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through raw SQL and keeps the rows', async () => {
    const actor = await actorWithEvents([{ details: { original: true } }]);
    const db = t.database.db;
    /** The database's own message (drizzle wraps it in "Failed query: ..."). */
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await db.execute(statement);
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: { message?: string } }).cause?.message ?? error);
      }
    };
    expect(
      await refusal(sql`update audit_events set details = '{"forged":true}' where actor_user_id = ${actor.id}`),
    ).toBe('audit_events is append-only: UPDATE is not allowed');
    expect(await refusal(sql`delete from audit_events where actor_user_id = ${actor.id}`)).toBe(
      'audit_events is append-only: DELETE is not allowed',
    );
    expect(await refusal(sql`truncate audit_events`)).toBe('audit_events is append-only: TRUNCATE is not allowed');
    // Even a statement that matches nothing is refused: there is no "harmless" UPDATE.
    expect(await refusal(sql`delete from audit_events where false`)).toMatch(/append-only/);
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.actorUserId, actor.id));
    expect(rows.map((row) => row.details)).toEqual([{ original: true }]);
  });

  it('has no UPDATE or DELETE path in the application code', () => {
    // The trigger is the last line; the code must not even try, so a change that does fails here first.
    const sourceRoot = fileURLToPath(new URL('../../../', import.meta.url));
    const offending: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== '__tests__' && entry.name !== 'testing') walk(full);
        } else if (entry.name.endsWith('.ts')) {
          const text = readFileSync(full, 'utf8');
          if (/\.(update|delete)\(\s*auditEvents\b|\b(update|delete\s+from|truncate)\s+audit_events\b/i.test(text))
            offending.push(path.relative(sourceRoot, full));
        }
      }
    };
    walk(sourceRoot);
    expect(offending).toEqual([]);
  });
});
