import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { NOTIFICATION_DELIVERY, NOTIFICATION_KIND } from '@ledgerport/shared';
import { clients, notificationPreferences, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, signIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { notificationJobs } from '../../notifications/__tests__/notifications-fixtures.js';

/*
 * Issue 23 item 5 on a real SMTP server: the e-mail that tells of a secure message says that one is
 * waiting and links to it; neither the message's text nor its subject is in it.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let clock = new Date();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function recipientOf(mail: ParsedMail): string {
  return mail.to && 'text' in mail.to ? mail.to.text : '';
}

it('a client’s secure message reaches the advisor’s inbox as a link, never its text or subject', async () => {
  const db = t.database.db;
  const owner = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
  const advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const mine = await t.app.inject({ method: 'GET', url: '/api/v1/document/users/me/clients', headers: bearer(owner) });
  const client = (mine.json() as Array<{ id: number; name: string }>).find((c) => c.name === 'Batch1 Group1 LLC')!;
  await db.update(clients).set({ advisorUserId: advisor.userId }).where(eq(clients.id, client.id));
  const chosen = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/document/users/me/clients/current',
    headers: bearer(owner),
    payload: { clientId: client.id },
  });
  expect(chosen.statusCode, chosen.body).toBeLessThan(300);
  await db
    .insert(notificationPreferences)
    .values({
      userId: advisor.userId,
      deliveries: { [NOTIFICATION_KIND.messageReceived]: NOTIFICATION_DELIVERY.immediately },
      digestHour: 8,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { deliveries: { [NOTIFICATION_KIND.messageReceived]: NOTIFICATION_DELIVERY.immediately } },
    });

  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/document/conversations',
    headers: bearer(owner),
    payload: {
      subject: 'Quarterly pumpkin estimate',
      html: '<p>The marmalade figures: routing 021000021, account 000987654321.</p>',
    },
  });
  expect(started.statusCode, started.body).toBe(201);
  const conversationId = (started.json() as { id: number }).id;

  // The notification, then the batch at the end of its window, then the outbox, on the test's clock.
  const side = notificationJobs(t, { now: () => clock });
  await t.app.worker.drain();
  await side.worker.drain();
  clock = new Date(Date.now() + 11 * 60 * 1000);
  await side.worker.drain();

  const [row] = await db.select({ emailAddress: users.emailAddress }).from(users).where(eq(users.id, advisor.userId));
  const deadline = Date.now() + 10_000;
  let mail: ParsedMail | undefined;
  while (!mail && Date.now() < deadline) {
    mail = smtp.received.find((received) => recipientOf(received) === row!.emailAddress);
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(mail, 'the advisor’s notification e-mail arrived over SMTP').toBeDefined();
  for (const part of [mail!.subject ?? '', mail!.text ?? '', String(mail!.html)]) {
    expect(part).not.toMatch(/pumpkin|marmalade|021000021|000987654321|6543/i);
  }
  expect(mail!.text).toContain(`${t.config.appUrl}/messages/${conversationId}`);
  expect(mail!.text).toMatch(/secure message/i);
});
