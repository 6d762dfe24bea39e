import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_KIND, REQUEST_ITEM_KIND, type RequestDetails } from '@ledgerport/shared';
import { clientFollowers, jobs, notificationPreferences, notifications, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { bearer, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createAnnouncement } from '../../announcements/__tests__/announcement-factory.js';
import { stateId } from '../../contractors/__tests__/contractors-fixtures.js';
import { multipartBody, otherDocumentsTagId } from '../../documents/__tests__/multipart.js';
import { daysFromNow } from '../../requests/__tests__/requests-fixtures.js';
import { NOTIFICATION_JOB } from '../notification-events.js';
import { setUpNotificationWorld, storedFor, type NotificationWorld } from './notifications-fixtures.js';

/*
 * Who hears of what (issue 22 item 1; docs/notifications.md): each event goes through the real route
 * that causes it, the worker runs the job, and the test reads who got a notification. Staff hear of
 * the client's actions (the advisor, the request's creator, the followers); the client's people of the
 * firm's (the owner, and collaborators granted the object's service); never the actor, never staff
 * outside those, never a collaborator without the service or whose access was turned off, never
 * another client's people.
 */

let t: TestApp;
let world: NotificationWorld;
let otherDocuments: number;

function call(session: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

function upload(session: SignedIn, url: string, fields: Record<string, string | number | boolean>, names: string[]) {
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...names.map((fileName) => ({ name: 'Files', fileName, content: pdfBytes(fileName) })),
  ]);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...bearer(session) } });
}

/** Runs the queued jobs, as the worker in `npm start` would. */
async function deliver(): Promise<void> {
  await t.app.worker.drain();
}

async function heard() {
  return storedFor(t.database.db, world);
}

async function sendRequest(session: SignedIn, title = '2025 tax documents'): Promise<RequestDetails> {
  const response = await call(session, 'POST', '/api/v1/document/requests', {
    clientId: world.clientId,
    serviceId: world.tax,
    title,
    description: null,
    dueDate: daysFromNow(10),
    items: [
      { title: 'W-2 forms', kind: REQUEST_ITEM_KIND.documents, tagIds: [otherDocuments] },
      { title: 'Did you move?', kind: REQUEST_ITEM_KIND.answer },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const item = (request: RequestDetails, index: number, action: string) =>
  `/api/v1/document/requests/${request.id}/items/${request.items[index]!.id}/${action}`;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  world = await setUpNotificationWorld(t);
  otherDocuments = await otherDocumentsTagId(t.database.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  await deliver();
  await t.database.db.delete(notifications);
});

describe('documents', () => {
  it("a client's upload reaches the advisor and the followers, and no one else", async () => {
    const response = await upload(
      world.owner.session,
      '/api/v1/document/documents/my-upload',
      { ServiceId: world.tax, Tags: otherDocuments },
      ['W-2 2025.pdf'],
    );
    expect(response.statusCode, response.body).toBe(201);
    const [document] = response.json().documents as Array<{ id: number }>;
    await deliver();
    const expected = [
      {
        kind: NOTIFICATION_KIND.documentUploaded,
        title: 'Acme LLC uploaded W-2 2025',
        link: `/documents/${document!.id}`,
      },
    ];
    expect(await heard()).toEqual({ advisor: expected, follower: expected });
  });

  it("the firm's upload for the client reaches its owner and the collaborators granted that service", async () => {
    const response = await upload(
      world.admin.session,
      '/api/v1/document/documents/my-upload',
      { ClientId: world.clientId, ServiceId: world.tax, Tags: otherDocuments },
      ['Return 2025.pdf', 'Engagement letter.pdf'],
    );
    expect(response.statusCode, response.body).toBe(201);
    await deliver();
    const expected = [
      {
        kind: NOTIFICATION_KIND.documentReceived,
        title: '2 new documents from Batch1 Group1: Return 2025 and 1 more',
        link: '/received-docs',
      },
    ];
    // Not the Bookkeeping-only collaborator, not the one turned off, not client B, not the firm.
    expect(await heard()).toEqual({ owner: expected, taxCollaborator: expected });
  });

  it('an upload on behalf of the client is their own upload: nobody is told', async () => {
    const response = await upload(
      world.admin.session,
      '/api/v1/document/documents/my-upload',
      { ClientId: world.clientId, ServiceId: world.tax, Tags: otherDocuments, UploadedOnBehalfOfClient: true },
      ['Scanned at the office.pdf'],
    );
    expect(response.statusCode, response.body).toBe(201);
    await deliver();
    expect(await heard()).toEqual({});
  });

  it('a Bookkeeping document of the firm skips the collaborator granted Tax only', async () => {
    const response = await upload(
      world.advisor.session,
      '/api/v1/document/documents/my-upload',
      { ClientId: world.clientId, ServiceId: world.bookkeeping, Tags: otherDocuments },
      ['March statement.pdf'],
    );
    expect(response.statusCode, response.body).toBe(201);
    await deliver();
    expect(Object.keys(await heard()).sort()).toEqual(['bookkeepingCollaborator', 'owner']);
  });
});

describe('requests', () => {
  it('a new request reaches the client’s people who see its service; the answers reach the advisor, the creator and the followers', async () => {
    const request = await sendRequest(world.outsiderStaff.session);
    await deliver();
    const created = [
      {
        kind: NOTIFICATION_KIND.requestCreated,
        title: `New request from ${await nameOf(world.outsiderStaff)}: 2025 tax documents`,
        link: `/requests/${request.id}`,
      },
    ];
    expect(await heard()).toEqual({ owner: created, taxCollaborator: created });

    await t.database.db.delete(notifications);
    const answered = await call(world.taxCollaborator.session, 'PUT', item(request, 1, 'answer'), { answer: 'No' });
    expect(answered.statusCode, answered.body).toBe(200);
    const files = await upload(world.owner.session, item(request, 0, 'files'), {}, ['W-2.pdf', 'W-2 spouse.pdf']);
    expect(files.statusCode, files.body).toBe(201);
    await deliver();
    const link = `/requests/${request.id}`;
    const answers = [
      {
        kind: NOTIFICATION_KIND.requestItemSubmitted,
        title: 'Acme LLC answered “Did you move?” on 2025 tax documents',
        link,
      },
      {
        kind: NOTIFICATION_KIND.requestItemSubmitted,
        title: 'Acme LLC uploaded 2 files for “W-2 forms” on 2025 tax documents',
        link,
      },
    ];
    // The request's creator is told although they neither advise nor follow the client.
    expect(await heard()).toEqual({ advisor: answers, follower: answers, outsiderStaff: answers });
  });

  it('an item marked not applicable, returned and completed: each side hears of the other', async () => {
    const request = await sendRequest(world.admin.session, 'Quarterly payroll');
    await deliver();
    await t.database.db.delete(notifications);

    const na = await call(world.owner.session, 'PUT', item(request, 1, 'not-applicable'), {
      reason: 'We did not move.',
    });
    expect(na.statusCode, na.body).toBe(200);
    await deliver();
    const notApplicable = [
      {
        kind: NOTIFICATION_KIND.requestItemNotApplicable,
        title: 'Acme LLC marked “Did you move?” not applicable on Quarterly payroll',
        link: `/requests/${request.id}`,
      },
    ];
    expect(await heard()).toEqual({ admin: notApplicable, advisor: notApplicable, follower: notApplicable });

    await t.database.db.delete(notifications);
    const returned = await call(world.advisor.session, 'PUT', item(request, 1, 'return'), { note: 'Please answer.' });
    expect(returned.statusCode, returned.body).toBe(200);
    await deliver();
    const back = [
      {
        kind: NOTIFICATION_KIND.requestItemReturned,
        title: `“Did you move?” needs another look: returned by ${await nameOf(world.advisor)} on Quarterly payroll`,
        link: `/requests/${request.id}`,
      },
    ];
    expect(await heard()).toEqual({ owner: back, taxCollaborator: back });

    // Both items answered and accepted by the advisor: the others of the firm hear it completed.
    await call(world.owner.session, 'PUT', item(request, 1, 'answer'), { answer: 'No' });
    await upload(world.owner.session, item(request, 0, 'files'), {}, ['W-2.pdf']);
    await call(world.advisor.session, 'PUT', item(request, 0, 'accept'));
    await deliver();
    await t.database.db.delete(notifications);
    const accepted = await call(world.advisor.session, 'PUT', item(request, 1, 'accept'));
    expect(accepted.json().status).toBe(2);
    await deliver();
    const completed = [
      {
        kind: NOTIFICATION_KIND.requestCompleted,
        title: 'Acme LLC completed Quarterly payroll',
        link: `/requests/${request.id}`,
      },
    ];
    expect(await heard()).toEqual({ admin: completed, follower: completed });
  });
});

describe('announcements and 1099 fees', () => {
  it("an acknowledgement reaches the client's advisor and followers", async () => {
    const announcement = await createAnnouncement(t.database.db, { title: 'New office hours' });
    const response = await call(
      world.owner.session,
      'POST',
      `/api/v1/document/announcements/${announcement.id}/acknowledge`,
      { clients: [world.clientId] },
    );
    expect(response.statusCode, response.body).toBe(204);
    await deliver();
    const expected = [
      {
        kind: NOTIFICATION_KIND.announcementAcknowledged,
        title: 'Acme LLC acknowledged “New office hours”',
        link: null,
      },
    ];
    expect(await heard()).toEqual({ advisor: expected, follower: expected });
  });

  it('a paid 1099 filing fee reaches the advisor and followers once the provider says it is paid', async () => {
    const contractor = await call(world.owner.session, 'POST', '/api/v1/document/contractors', {
      contractorType: 1,
      businessName: 'Design Co',
      employerIdentificationNumber: '12-3456789',
      addressLine1: '1 Main Street',
      addressLine2: '',
      city: 'Albany',
      stateId: await stateId(t.database.db),
      zipCode: '12207',
      totalPayment: 1250.5,
    });
    expect(contractor.statusCode, contractor.body).toBe(201);
    const intent = await call(world.owner.session, 'POST', '/api/v1/document/contractors/payment-intent');
    expect(intent.statusCode, intent.body).toBe(200);
    await deliver();
    expect(await heard(), 'nothing before the payment is confirmed').toEqual({});
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/company/payments/test-processor/confirm',
      payload: {
        clientSecret: intent.json().stripePaymentClientSecret,
        outcome: 'succeeded',
        last4: '4242',
        brand: 'visa',
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
    await deliver();
    const year = new Date().getFullYear();
    const paid = (await heard()).advisor ?? [];
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ kind: NOTIFICATION_KIND.contractorFeePaid, link: '/1099-form' });
    expect(paid[0]!.title).toMatch(new RegExp(`^Acme LLC paid the 1099 filing fee for (${year}|${year - 1})$`));
    expect(Object.keys(await heard()).sort()).toEqual(['advisor', 'follower']);
  });
});

describe('choices and limits', () => {
  it("each notification's e-mail delivery is the recipient's choice, or the default", async () => {
    await t.database.db
      .insert(notificationPreferences)
      .values({ userId: world.owner.userId, deliveries: { requestCreated: 'inAppOnly' } });
    await sendRequest(world.admin.session, 'Choices');
    await deliver();
    const rows = await t.database.db
      .select({ recipient: notifications.recipientUserId, delivery: notifications.emailDelivery })
      .from(notifications);
    expect(new Map(rows.map((row) => [row.recipient, row.delivery]))).toEqual(
      new Map([
        [world.owner.userId, 'inAppOnly'],
        // Clients hear of new requests at once unless they choose otherwise.
        [world.taxCollaborator.userId, 'immediately'],
      ]),
    );
    await t.database.db.delete(notificationPreferences);
  });

  it('a follower who stops following hears nothing more; an advisor never hears of their own action', async () => {
    await t.database.db.delete(clientFollowers).where(eq(clientFollowers.userId, world.follower.userId));
    const response = await upload(
      world.owner.session,
      '/api/v1/document/documents/my-upload',
      { ServiceId: world.tax, Tags: otherDocuments },
      ['Receipt.pdf'],
    );
    expect(response.statusCode).toBe(201);
    await deliver();
    expect(Object.keys(await heard())).toEqual(['advisor']);
    await t.database.db.insert(clientFollowers).values({ clientId: world.clientId, userId: world.follower.userId });
  });

  it('what people typed is masked in the title: no e-mail address, SSN or account number', async () => {
    const response = await upload(
      world.owner.session,
      '/api/v1/document/documents/my-upload',
      { ServiceId: world.tax, Tags: otherDocuments },
      ['jane.doe@example.com 123-45-6789 acct 000123456789.pdf'],
    );
    expect(response.statusCode, response.body).toBe(201);
    await deliver();
    const [title] = ((await heard()).advisor ?? []).map((row) => row.title);
    expect(title).toBe('Acme LLC uploaded [e-mail] ***-**-6789 acct ****6789');
  });

  it('one job per event, committed with the action: a refused action queues nothing', async () => {
    const before = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, NOTIFICATION_JOB));
    const refused = await upload(
      world.owner.session,
      '/api/v1/document/documents/my-upload',
      { ServiceId: world.tax, Tags: otherDocuments },
      [],
    );
    expect(refused.statusCode).toBe(400);
    const after = await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, NOTIFICATION_JOB));
    expect(after.length).toBe(before.length);
  });
});

async function nameOf(person: { userId: number }): Promise<string> {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, person.userId));
  return `${row!.firstName} ${row!.lastName}`;
}
