import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MailMessageDto } from '@ledgerport/shared';
import { auditEvents, jobs, mailMessages, rolePermissions, roles } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { testFieldCrypto } from '../../../testing/client-edit-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { createMailMaintenance } from '../mail-maintenance.js';
import { createMailRepository } from '../mail.repository.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Ledgerport <no-reply@ledgerport.test>',
    APP_URL: 'https://portal.example.com',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** Makes every pending job due now, as if its backoff had passed. */
const fastForward = () =>
  t.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.status, 'pending'));

describe('mail through the outbox and SMTP', () => {
  it('delivers a queued message over SMTP with HTML and text parts in the firm’s branding', async () => {
    const mailId = await t.app.mail.queue('passwordReset', 'jane@example.com', {
      firstName: 'Jane',
      resetUrl: 'http://localhost:3000/forgot-password?token=abc&userId=7',
      validMinutes: 30,
    });
    expect(smtp.received).toHaveLength(0);
    expect(await t.app.worker.drain()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.subject).toBe('Reset your Ledgerport password');
    expect(message.from?.text).toContain('no-reply@ledgerport.test');
    expect(message.to && 'text' in message.to ? message.to.text : '').toBe('jane@example.com');
    expect(message.text).toContain('http://localhost:3000/forgot-password?token=abc&userId=7');
    expect(message.html).toContain('href="http://localhost:3000/forgot-password?token=abc&amp;userId=7"');
    expect(message.html).toContain('Ledgerport');

    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(row?.status).toBe('sent');
    expect(message.messageId).toBe(row?.messageId);
    // At rest the body is ciphertext (ADR 0006): the link is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain('forgot-password?token=abc');
    expect(row?.html).toMatch(/^v1\./);
    expect(testFieldCrypto(t.config.encryptionKey!).decrypt(row!.html!)).toContain('token=abc&amp;userId=7');
  });

  it('escapes what users typed into a template', async () => {
    await t.app.mail.queue('invitation', 'bob@example.com', {
      inviterName: '<script>alert(1)</script> Eve',
      registerUrl: 'http://localhost:3000/register?token=t',
    });
    await t.app.worker.drain();
    expect(smtp.received[0]!.html).not.toContain('<script>');
    expect(smtp.received[0]!.html).toContain('&lt;script&gt;');
  });

  it('gives notification, digest and reminder mail a List-Unsubscribe header to the preferences, and security mail none', async () => {
    const items = [{ title: 'Acme LLC uploaded W-2.pdf', clientName: 'Acme LLC', link: '/requests/3' }];
    await t.app.mail.queue('notificationBatch', 'batch@example.com', { firstName: 'Bo', items });
    await t.app.mail.queue('notificationDigest', 'digest@example.com', { firstName: 'Di', date: '2026-03-02', items });
    await t.app.mail.queue('requestReminder', 'reminder@example.com', {
      firstName: 'Re',
      items: [
        { clientName: 'Acme LLC', requestTitle: 'Payroll', itemName: 'W-2', dueDate: '2026-03-02', overdue: true },
      ],
    });
    await t.app.mail.queue('secureMessageWaiting', 'message@example.com', {
      firstName: 'Me',
      senderName: 'Ann Advisor',
      clientName: 'Acme LLC',
      link: '/messages/4',
    });
    await t.app.mail.queue('passwordReset', 'reset@example.com', {
      firstName: 'Pa',
      resetUrl: 'https://portal.example.com/forgot-password?token=x&userId=1',
      validMinutes: 30,
    });
    await t.app.mail.queue('invitation', 'invited@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'https://portal.example.com/register?token=i',
    });
    await t.app.worker.drain();

    const unsubscribe = (to: string) => {
      const message = smtp.received.find((m) => m.to && 'text' in m.to && m.to.text === to);
      expect(message, to).toBeDefined();
      return message!.headerLines.find((line) => line.key === 'list-unsubscribe')?.line;
    };
    for (const to of ['batch@example.com', 'digest@example.com', 'reminder@example.com', 'message@example.com']) {
      expect(unsubscribe(to)).toBe('List-Unsubscribe: <https://portal.example.com/profile#notifications>');
    }
    expect(unsubscribe('reset@example.com')).toBeUndefined();
    expect(unsubscribe('invited@example.com')).toBeUndefined();
    // No one-click endpoint, so no List-Unsubscribe-Post (RFC 8058).
    expect(smtp.received.flatMap((m) => m.headerLines).some((line) => line.key === 'list-unsubscribe-post')).toBe(
      false,
    );

    const reminder = smtp.received.find((m) => m.subject?.startsWith('Reminder:'))!;
    expect(reminder.subject).toBe('Reminder: 1 item is waiting for you in Ledgerport');
    expect(reminder.text).toContain('Open your To do list: https://portal.example.com/to-do');
    expect(reminder.html).toContain('href="https://portal.example.com/to-do"');
  });

  it('retries with backoff when the server refuses, and sends exactly once', async () => {
    smtp.refuseNext(1);
    const mailId = await t.app.mail.queue('invitation', 'retry@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=r',
    });
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(0);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `mail:${mailId}`));
    expect(job?.status).toBe('pending');
    expect(job?.attempts).toBe(1);
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);

    // Not due yet: nothing happens.
    expect(await t.app.worker.drain()).toBe(0);
    await fastForward();
    await t.app.worker.drain();
    expect(smtp.received.map((m) => m.subject)).toEqual(['Advisor invited you to Ledgerport']);

    // Running the delivery again (a crash before the job was marked done) sends nothing twice.
    await t.app.mail.deliver({ mailId }, { ...job!, payload: { mailId }, attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('puts the job of a crashed worker back in the queue', async () => {
    const mailId = await t.app.mail.queue('invitation', 'crash@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=c',
    });
    await t.database.db
      .update(jobs)
      .set({ status: 'running', lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.dedupeKey, `mail:${mailId}`));
    await t.app.worker.drain();
    expect(smtp.received.map((m) => m.to && 'text' in m.to && m.to.text)).toEqual(['crash@example.com']);
  });
  it('records each attempt before it starts, so a message cut off mid-send goes again under its Message-ID', async () => {
    const mailId = await t.app.mail.queue('invitation', 'cut-off@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=cut',
    });
    // What a process killed during the SMTP transaction leaves: the attempt recorded, the job claimed.
    await t.database.db.update(mailMessages).set({ status: 'sending', attempts: 1 }).where(eq(mailMessages.id, mailId));
    await t.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedAt: sql`now() - interval '1 minute'` })
      .where(eq(jobs.dedupeKey, `mail:${mailId}`));
    await t.app.worker.drain();

    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.map((m) => m.messageId)).toEqual([row!.messageId]);
  });

  it('puts a refused message back in the queue, not in "sending"', async () => {
    smtp.refuseNext(1);
    const mailId = await t.app.mail.queue('invitation', 'refused@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=refused',
    });
    await t.app.worker.drain();
    const [row] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('Try again later');
  });
});

const API = '/api/v1/identity/mail/messages';

describe('the Mail screen, without SMTP', () => {
  let local: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    local = await createTestApp();
    await seedDemoFirm(local.database.db);
    admin = await signIn(local.app, 'b1g1_admin@gmail.com', 'Group1');
  });
  afterAll(() => local.close());

  const list = async (query = '') => {
    const response = await local.app.inject({ method: 'GET', url: `${API}${query}`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: MailMessageDto[]; totalCount: number };
  };

  it('has no developer mailbox any more: /dev/mailbox answers nothing, signed in or not', async () => {
    const mailId = await local.app.mail.queue('invitation', 'kept@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=kept-token',
    });
    await local.app.worker.drain();
    for (const url of ['/dev/mailbox', `/dev/mailbox/${mailId}`]) {
      for (const headers of [{}, bearer(admin)]) {
        const response = await local.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('kept-token');
      }
    }
  });

  it('lists every message with its delivery, kind and attempts, never its body', async () => {
    const mailId = await local.app.mail.queue('passwordReset', 'listed@example.com', {
      firstName: 'Lis',
      resetUrl: 'http://localhost:3000/forgot-password?token=listed-token&userId=3',
      validMinutes: 30,
    });
    await local.app.worker.drain();
    const page = await list('?recipient=LISTED@');
    expect(page.totalCount).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: mailId,
      recipient: 'listed@example.com',
      subject: 'Reset your Ledgerport password',
      kind: 'password-reset',
      status: 'kept',
      attempts: 1,
      lastError: null,
      bodyViewable: true,
    });
    expect(JSON.stringify(await list())).not.toContain('listed-token');
  });

  it('filters by status, kind and queued time, and pages', async () => {
    await local.app.mail.queue('documentShared', 'filter@example.com', {
      senderName: 'Ann',
      documentName: 'Return.pdf',
      url: 'http://localhost:3000/shared-documents/x',
    });
    const queued = await list('?status=queued&kind=document-share');
    expect(queued.items.map((m) => m.recipient)).toEqual(['filter@example.com']);
    expect((await list('?kind=other')).totalCount).toBe(0);
    expect((await list('?kind=invitation')).items.every((m) => m.kind === 'invitation')).toBe(true);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).totalCount).toBe(0);
    expect((await list(`?to=${encodeURIComponent(future)}`)).totalCount).toBe((await list()).totalCount);
    const first = await list('?limit=1&offset=0');
    const second = await list('?limit=1&offset=1');
    expect(first.items).toHaveLength(1);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    await local.app.worker.drain();
  });

  it('shows a body, links included, to a mail:list holder outside production, and audits it', async () => {
    const mailId = await local.app.mail.queue('invitation', 'body@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=body-token',
    });
    await local.app.worker.drain();
    const response = await local.app.inject({ method: 'GET', url: `${API}/${mailId}/body`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ id: mailId, recipient: 'body@example.com' });
    expect(response.json().html).toContain('href="http://localhost:3000/register?token=body-token"');
    expect(response.json().text).toContain('http://localhost:3000/register?token=body-token');
    const events = await local.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'mail.body-viewed'), eq(auditEvents.objectId, String(mailId))));
    expect(events).toHaveLength(1);
    const missing = await local.app.inject({ method: 'GET', url: `${API}/999999/body`, headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a failed message again (audited) and refuses one that has not failed', async () => {
    const mailId = await local.app.mail.queue('invitation', 'again@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=again',
    });
    const notFailed = await local.app.inject({
      method: 'POST',
      url: `${API}/${mailId}/resend`,
      headers: bearer(admin),
    });
    expect(notFailed.statusCode).toBe(409);
    // What the last refused attempt leaves.
    await local.app.worker.drain();
    await local.database.db
      .update(mailMessages)
      .set({ status: 'failed', lastError: '550 mailbox unavailable' })
      .where(eq(mailMessages.id, mailId));

    const resent = await local.app.inject({ method: 'POST', url: `${API}/${mailId}/resend`, headers: bearer(admin) });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: mailId, status: 'queued', lastError: '550 mailbox unavailable' });
    expect(await local.app.worker.drain()).toBe(1);
    const [row] = await local.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(row).toMatchObject({ status: 'kept', attempts: 2, lastError: null });
    const events = await local.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'mail.resent'), eq(auditEvents.objectId, String(mailId))));
    expect(events).toHaveLength(1);
    const missing = await local.app.inject({ method: 'POST', url: `${API}/999999/resend`, headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
  });

  it('erases the body of a message delivered longer ago than the retention period; the metadata stays', async () => {
    const db = local.database.db;
    const old = await local.app.mail.queue('passwordReset', 'old@example.com', {
      firstName: 'Old',
      resetUrl: 'http://localhost:3000/forgot-password?token=old-token&userId=4',
      validMinutes: 30,
    });
    const recent = await local.app.mail.queue('passwordReset', 'recent@example.com', {
      firstName: 'New',
      resetUrl: 'http://localhost:3000/forgot-password?token=recent-token&userId=5',
      validMinutes: 30,
    });
    const failed = await local.app.mail.queue('invitation', 'failed@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=failed-token',
    });
    await local.app.worker.drain();
    await db
      .update(mailMessages)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(mailMessages.id, old));
    await db.update(mailMessages).set({ status: 'failed', sentAt: null }).where(eq(mailMessages.id, failed));
    await db
      .update(mailMessages)
      .set({ createdAt: sql`now() - interval '9 days'` })
      .where(eq(mailMessages.id, failed));

    const maintenance = createMailMaintenance({
      repository: createMailRepository({ db }),
      fieldCrypto: testFieldCrypto(local.config.encryptionKey!),
      queue: { enqueue: async () => undefined } as never,
      retentionDays: local.config.mailBodyRetentionDays,
    });
    expect(local.config.mailBodyRetentionDays).toBe(7);
    expect(await maintenance.eraseExpiredBodies()).toBe(1);

    const rows = await db.select().from(mailMessages);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old)).toMatchObject({ html: null, text: null, status: 'kept', toAddress: 'old@example.com' });
    expect(byId.get(old)!.bodyErasedAt).not.toBeNull();
    expect(byId.get(recent)!.html).toMatch(/^v1\./);
    // A failed message keeps its body, for "Send again".
    expect(byId.get(failed)!.html).toMatch(/^v1\./);

    const listed = (await list('?recipient=old@example.com')).items[0]!;
    expect(listed).toMatchObject({ id: old, status: 'kept', bodyViewable: false });
    const body = await local.app.inject({ method: 'GET', url: `${API}/${old}/body`, headers: bearer(admin) });
    expect(body.statusCode).toBe(404);
  });

  it('encrypts bodies written in clear before this version, once, keeping them readable', async () => {
    const db = local.database.db;
    const [legacy] = await db
      .insert(mailMessages)
      .values({
        messageId: '<legacy@ledgerport.test>',
        template: 'passwordReset',
        toAddress: 'legacy@example.com',
        subject: 'Reset your Ledgerport password',
        html: '<a href="http://localhost:3000/forgot-password?token=legacy-token&amp;userId=6">x</a>',
        text: 'Choose a new password: http://localhost:3000/forgot-password?token=legacy-token&userId=6',
        status: 'kept',
        sentAt: sql`now()`,
      })
      .returning({ id: mailMessages.id });
    const maintenance = createMailMaintenance({
      repository: createMailRepository({ db }),
      fieldCrypto: testFieldCrypto(local.config.encryptionKey!),
      queue: { enqueue: async () => undefined } as never,
      retentionDays: 7,
    });
    expect(await maintenance.encryptClearBodies()).toBe(1);
    expect(await maintenance.encryptClearBodies()).toBe(0);
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, legacy!.id));
    expect(JSON.stringify(row)).not.toContain('legacy-token');
    const body = await local.app.inject({ method: 'GET', url: `${API}/${legacy!.id}/body`, headers: bearer(admin) });
    expect(body.json().text).toContain('token=legacy-token');
  });

  it('runs the protection as an hourly job that queues its next run first', async () => {
    await local.database.db.delete(jobs).where(eq(jobs.type, 'mail.protect-bodies'));
    await local.app.worker.drain();
    const { scheduleMailMaintenance } = await import('../mail-maintenance.js');
    const { createJobQueue } = await import('../../../lib/jobs/job-queue.js');
    await scheduleMailMaintenance(createJobQueue({ db: local.database.db }), { immediately: true });
    expect(await local.app.worker.drain()).toBe(1);
    const next = await local.database.db.select().from(jobs).where(eq(jobs.type, 'mail.protect-bodies'));
    expect(next.filter((job) => job.status === 'pending')).toHaveLength(1);
  });
});

describe('in production', () => {
  it('registers no body route and says no body is viewable; the list still works', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      await seedDemoFirm(production.database.db);
      const admin = await signIn(production.app, 'b1g1_admin@gmail.com', 'Group1');
      const mailId = await production.app.mail.queue('invitation', 'prod@example.com', {
        inviterName: 'Advisor',
        registerUrl: 'https://portal.example.com/register?token=prod-token',
      });
      await production.app.worker.drain();
      const page = await production.app.inject({ method: 'GET', url: API, headers: bearer(admin) });
      expect(page.statusCode).toBe(200);
      expect(page.json().items[0]).toMatchObject({ id: mailId, bodyViewable: false });
      expect(page.body).not.toContain('prod-token');
      const routes = production.app.printRoutes({ commonPrefix: false });
      expect(routes).not.toContain('body');
      for (const url of [`${API}/${mailId}/body`, '/dev/mailbox', `/dev/mailbox/${mailId}`]) {
        const response = await production.app.inject({ method: 'GET', url, headers: bearer(admin) });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('prod-token');
      }
    } finally {
      await production.close();
    }
  });
});

describe('migration 0027', () => {
  it('gives the mail permission area to the admin role of a database seeded before it', async () => {
    const local = await createTestApp();
    try {
      const db = local.database.db;
      await seedDemoFirm(db);
      const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
      await db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, admin!.id), eq(rolePermissions.permission, 'mail')));
      const folder = path.resolve(import.meta.dirname, '../../../../drizzle');
      const file = readdirSync(folder).find((name) => name.startsWith('0027_'))!;
      await db.execute(sql.raw(readFileSync(path.join(folder, file), 'utf8')));
      await db.execute(sql.raw(readFileSync(path.join(folder, file), 'utf8')));
      const held = await db
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.roleId, admin!.id), eq(rolePermissions.permission, 'mail')));
      expect(held).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
