import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { REQUEST_ITEM_KIND, REQUEST_SCHEDULE_AUDIENCE, REQUEST_SCHEDULE_VALIDATION, todayIn } from '@ledgerport/shared';
import { auditEvents, clientServices, requests, requestSchedules, services } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createJobQueue } from '../../../lib/jobs/job-queue.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAuditLog } from '../../audit/audit.repository.js';
import { createNotificationPublisher } from '../../notifications/index.js';
import { createRequestSchedulesRepository } from '../request-schedules.repository.js';
import { createRequestSchedulesService, RUN_REQUEST_SCHEDULES_JOB } from '../request-schedules.service.js';
import { createRequestTemplatesRepository } from '../request-templates.repository.js';
import { createRequestsRepository } from '../requests.repository.js';

const BASE = '/api/v1/document/request-schedules';
const ZONE = 'America/New_York';

let t: TestApp;
let admin: SignedIn;
let bookkeeping: number;
let tax: number;

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
}

function service() {
  const db = t.database.db;
  return createRequestSchedulesService({
    db,
    repository: createRequestSchedulesRepository({ db }),
    templates: createRequestTemplatesRepository({ db }),
    requests: createRequestsRepository({ db }),
    audit: createAuditLog({ db }),
    timeZone: async () => ZONE,
    notifications: createNotificationPublisher(createJobQueue({ db })),
  });
}

async function clientUsing(serviceIds: number[], isActive = true): Promise<number> {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id, isActive });
  if (serviceIds.length > 0)
    await db.insert(clientServices).values(serviceIds.map((serviceId) => ({ clientId: client.id, serviceId })));
  return client.id;
}

async function template(name: string): Promise<number> {
  const response = await call('POST', '/api/v1/document/request-templates', {
    name,
    title: 'Bank statements',
    serviceId: bookkeeping,
    dueOffsetDays: 10,
    items: [
      { title: 'Statements of every account', kind: REQUEST_ITEM_KIND.answer },
      { title: 'Anything unusual?', kind: REQUEST_ITEM_KIND.answer },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function requestsOf(scheduleId: number) {
  return t.database.db
    .select({ clientId: requests.clientId, title: requests.title, period: requests.period, dueDate: requests.dueDate })
    .from(requests)
    .where(eq(requests.scheduleId, scheduleId))
    .orderBy(asc(requests.clientId), asc(requests.period));
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  // The demo firm's own schedule would make requests beside this test's: it rests here.
  await t.database.db.update(requestSchedules).set({ isActive: false });
  const rows = await t.database.db.select({ id: services.id, name: services.name }).from(services);
  bookkeeping = rows.find((row) => row.name === 'bookkeeping')!.id;
  tax = rows.find((row) => row.name === 'tax')!.id;
});
afterAll(() => t.close());

describe('recurring requests', () => {
  it('make the month’s request once per client, however often and however concurrently they run', async () => {
    const first = await clientUsing([bookkeeping]);
    const second = await clientUsing([bookkeeping, tax]);
    const notUsing = await clientUsing([tax]);
    const inactive = await clientUsing([bookkeeping], false);
    const created = await call('POST', BASE, {
      name: 'Bank statements every month',
      templateId: await template('Bank statements for the test'),
      dayOfMonth: 1,
      audience: REQUEST_SCHEDULE_AUDIENCE.serviceClients,
      audienceServiceId: bookkeeping,
    });
    expect(created.statusCode, created.body).toBe(201);
    const scheduleId = created.json().id as number;
    // The schedule exists from now on: it first runs for next month (a schedule made after its day
    // waits for the next one).
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 17));
    const schedules = service();

    // Before the day in the firm's zone: nothing. 1 a.m. UTC on the 1st is still the last day of
    // the month before in New York.
    expect(await schedules.runDue(new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth(), 1, 1)))).toBe(0);
    // On the day: one request for each active client using Bookkeeping (the demo firm's too), even
    // with two runs at once.
    const made = await Promise.all([schedules.runDue(next), schedules.runDue(next)]);
    expect(await schedules.runDue(next)).toBe(0);
    const period = next.toISOString().slice(0, 7);
    const monthName = next.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const rows = await requestsOf(scheduleId);
    expect(made[0] + made[1]).toBe(rows.length);
    const clientIds = rows.map((row) => row.clientId);
    expect(new Set(clientIds).size).toBe(rows.length);
    expect(clientIds).toEqual(expect.arrayContaining([first, second]));
    expect(clientIds).not.toContain(notUsing);
    expect(clientIds).not.toContain(inactive);
    expect(rows.find((row) => row.clientId === first)).toEqual({
      clientId: first,
      title: `Bank statements - ${monthName} ${next.getUTCFullYear()}`,
      period,
      dueDate: `${period}-11`,
    });
    // Later the same month, still nothing new; each request made was audited.
    expect(await schedules.runDue(new Date(next.getTime() + 10 * 24 * 3600 * 1000))).toBe(0);
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'request.created'), eq(auditEvents.objectType, 'request')));
    expect(audited.length).toBeGreaterThanOrEqual(2);

    // The list shows the last month it made requests for.
    const listed = await call('GET', BASE);
    expect(listed.json().items.find((item: { id: number }) => item.id === scheduleId)).toMatchObject({
      lastPeriod: period,
      audienceService: { id: bookkeeping },
    });
  });

  it('run from the job worker, for chosen clients', async () => {
    const chosen = await clientUsing([bookkeeping]);
    const other = await clientUsing([bookkeeping]);
    // Any day but today's in the firm's zone: a schedule made on its own day would run at once.
    const todayInZone = Number(todayIn(ZONE).slice(8, 10));
    const created = await call('POST', BASE, {
      name: 'Chosen clients',
      templateId: await template('For a few clients'),
      dayOfMonth: (todayInZone % 28) + 1,
      audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
      clientIds: [chosen],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().clients.map((client: { id: number }) => client.id)).toEqual([chosen]);
    // Made after this month's day, or before it came: either way the job's run now finds nothing due.
    await createJobQueue({ db: t.database.db }).enqueue(RUN_REQUEST_SCHEDULES_JOB, {});
    await t.app.worker.drain();
    expect(await requestsOf(created.json().id)).toEqual([]);
    // Next month's run, through the same service the job calls.
    const now = new Date();
    await service().runDue(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 28, 17)));
    expect((await requestsOf(created.json().id)).map((row) => row.clientId)).toEqual([chosen]);
    expect((await requestsOf(created.json().id)).map((row) => row.clientId)).not.toContain(other);
  });

  it('refuse a day outside 1-28, no clients, an unknown template, and can be edited and deleted', async () => {
    const templateId = await template('Quarterly');
    const base = {
      name: 'Bad',
      templateId,
      audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
      clientIds: [await clientUsing([bookkeeping])],
    };
    for (const dayOfMonth of [0, 29, 31]) {
      const response = await call('POST', BASE, { ...base, dayOfMonth });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error.details)).toContain(REQUEST_SCHEDULE_VALIDATION.dayOfMonth);
    }
    const noClients = await call('POST', BASE, { ...base, dayOfMonth: 3, clientIds: [] });
    expect(JSON.stringify(noClients.json().error.details)).toContain(REQUEST_SCHEDULE_VALIDATION.clientsRequired);
    expect((await call('POST', BASE, { ...base, dayOfMonth: 3, templateId: 999_999 })).statusCode).toBe(400);
    expect((await call('POST', BASE, { ...base, dayOfMonth: 3, clientIds: [999_999] })).statusCode).toBe(400);

    const created = (await call('POST', BASE, { ...base, name: 'Good', dayOfMonth: 3 })).json();
    const edited = await call('PUT', `${BASE}/${created.id}`, {
      ...base,
      name: 'Good',
      dayOfMonth: 15,
      isActive: false,
    });
    expect(edited.json()).toMatchObject({ dayOfMonth: 15, isActive: false });
    expect((await call('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${created.id}`)).statusCode).toBe(404);
  });
});
