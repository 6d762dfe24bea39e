import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REQUEST_ITEM_KIND, REQUEST_TEMPLATE_ERROR, REQUEST_VALIDATION } from '@ledgerport/shared';
import { auditEvents, requestSchedules, services } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { otherDocumentsTagId } from '../../documents/__tests__/multipart.js';

const BASE = '/api/v1/document/request-templates';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let tax: number;
let otherDocuments: number;

function call(session: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

function input(overrides: object = {}) {
  return {
    name: `Year-end ${randomBytes(3).toString('hex')}`,
    title: 'Year-end documents',
    description: '<p>Before <em>January 31</em><img src=x onerror=alert(1)></p>',
    serviceId: tax,
    dueOffsetDays: 21,
    items: [
      { title: 'W-2 forms', kind: REQUEST_ITEM_KIND.documents, tagIds: [otherDocuments] },
      { title: 'New dependants?', kind: REQUEST_ITEM_KIND.answer },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const [row] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  tax = row!.id;
  otherDocuments = await otherDocumentsTagId(t.database.db);
});
afterAll(() => t.close());

describe('request templates', () => {
  it('are created, listed, read, edited and deleted by the admin, and audited', async () => {
    const body = input();
    const created = await call(admin, 'POST', BASE, body);
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({
      name: body.name,
      service: { id: tax },
      dueOffsetDays: 21,
      itemCount: 2,
      description: '<p>Before <em>January 31</em></p>',
    });
    expect(template.items.map((item: { title: string }) => item.title)).toEqual(['W-2 forms', 'New dependants?']);
    expect(template.items[0].tags.map((tag: { id: number }) => tag.id)).toEqual([otherDocuments]);

    // Every staff role lists them, to send a request from one.
    const listed = await call(advisor, 'GET', `${BASE}?search=${encodeURIComponent(body.name)}`);
    expect(listed.json()).toMatchObject({ totalCount: 1, items: [{ id: template.id, itemCount: 2 }] });
    expect((await call(advisor, 'GET', `${BASE}/${template.id}`)).json().items).toHaveLength(2);

    const edited = await call(admin, 'PUT', `${BASE}/${template.id}`, {
      ...body,
      dueOffsetDays: 7,
      items: [{ title: 'Only this', kind: REQUEST_ITEM_KIND.answer }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ dueOffsetDays: 7, itemCount: 1 });

    expect((await call(admin, 'DELETE', `${BASE}/${template.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', `${BASE}/${template.id}`)).statusCode).toBe(404);
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, String(template.id)));
    expect(audited.map((row) => row.action)).toEqual(
      expect.arrayContaining(['request-template.created', 'request-template.updated', 'request-template.deleted']),
    );
  });

  it('refuse a template with no items, a taken name, tags against the rules and an unknown service', async () => {
    const noItems = await call(admin, 'POST', BASE, input({ items: [] }));
    expect(noItems.statusCode).toBe(400);
    expect(JSON.stringify(noItems.json().error.details)).toContain(REQUEST_VALIDATION.noItems);

    const first = input();
    expect((await call(admin, 'POST', BASE, first)).statusCode).toBe(201);
    const taken = await call(admin, 'POST', BASE, input({ name: first.name.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe(REQUEST_TEMPLATE_ERROR.nameTaken);

    const untagged = await call(
      admin,
      'POST',
      BASE,
      input({ items: [{ title: 'Files', kind: REQUEST_ITEM_KIND.documents }] }),
    );
    expect(untagged.statusCode).toBe(400);
    expect(JSON.stringify(untagged.json().error.details)).toContain('items.0.tagIds');

    const unknownService = await call(admin, 'POST', BASE, input({ serviceId: 999_999 }));
    expect(unknownService.statusCode).toBe(400);
    const farOffset = await call(admin, 'POST', BASE, input({ dueOffsetDays: 400 }));
    expect(farOffset.statusCode).toBe(400);
  });

  it('cannot be deleted while a recurring request uses it, and say how many do', async () => {
    const template = (await call(admin, 'POST', BASE, input())).json();
    await t.database.db
      .insert(requestSchedules)
      .values({ name: 'Monthly', templateId: template.id, dayOfMonth: 1, audience: 2, audienceServiceId: tax });
    const refused = await call(admin, 'DELETE', `${BASE}/${template.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: REQUEST_TEMPLATE_ERROR.inUse, details: { scheduleCount: 1 } });
    expect((await call(admin, 'GET', `${BASE}/${template.id}`)).statusCode).toBe(200);
  });
});
