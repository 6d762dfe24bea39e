import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, mailMessages } from '../../../db/schema/index.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerport <no-reply@ledgerport.test>' });
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

describe('without SMTP', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(() => local.close());

  it('keeps messages in the outbox and lists them in the developer mailbox with their links', async () => {
    const mailId = await local.app.mail.queue('invitation', 'kept@example.com', {
      inviterName: 'Advisor',
      registerUrl: 'http://localhost:3000/register?token=kept',
    });
    await local.app.worker.drain();
    const [row] = await local.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(row?.status).toBe('kept');

    const list = await local.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('kept@example.com');
    expect(list.body).toContain(`href="/dev/mailbox/${mailId}"`);
    const message = await local.app.inject({ method: 'GET', url: `/dev/mailbox/${mailId}` });
    expect(message.body).toContain('href="http://localhost:3000/register?token=kept"');
  });

  it('has no mailbox in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
