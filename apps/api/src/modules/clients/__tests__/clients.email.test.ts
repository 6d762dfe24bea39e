import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createListedClient } from '../../../testing/clients-factories.js';
import { createUser } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { startSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Ledgerport <no-reply@ledgerport.test>' });
  await seedDemoFirm(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('bulk e-mail delivery', () => {
  it('delivers to every client; an address the server refuses does not stop the rest, and is retried', async () => {
    const owner = await createUser(t.database.db);
    for (const letter of ['a', 'b', 'c']) {
      await createListedClient(t, {
        ownerUserId: owner.id,
        name: `Bulk ${letter}`,
        emailAddress: `bulk.${letter}@example.com`,
      });
    }
    const session = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/document/clients/send-email',
      headers: bearer(session),
      query: { fullName: 'bulk', limit: '10', offset: '0' },
      payload: { subject: 'Quarterly update', body: '<p>Your <em>documents</em> are ready.</p>' },
    });
    expect(response.json()).toEqual({ queued: 3, skipped: 0 });

    smtp.refuseNext(1);
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(2);

    // The refused one waits for its backoff; once due, it goes too.
    await t.database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.status, 'pending'));
    await t.app.worker.drain();
    expect(smtp.received).toHaveLength(3);
    const recipients = smtp.received.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort();
    expect(recipients).toEqual(['bulk.a@example.com', 'bulk.b@example.com', 'bulk.c@example.com']);
    const message = smtp.received[0]!;
    expect(message.subject).toBe('Quarterly update');
    expect(message.html).toContain('<p>Your <em>documents</em> are ready.</p>');
    expect(message.text).toContain('Your documents are ready.');
  });
});
