import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientServices, mailMessages, services } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { testFieldCrypto } from '../../../testing/client-edit-factories.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

/**
 * Issue 17 item 1: on a default `npm start` (NODE_ENV unset, so development; no SMTP; the web app
 * served) an anonymous caller once read every queued e-mail at /dev/mailbox and took over the admin
 * account with a reset link. After a reset, an invitation and a share have been sent, every route the
 * server knows is called anonymously, and no answer may carry any of their tokens.
 */

let t: TestApp;
let webDir: string;
const tokens = new Map<string, string>();
const messageIds: number[] = [];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Ledgerport</title><div id="root"></div>');
  t = await createTestApp({ NODE_ENV: 'development', WEB_DIST_DIR: webDir });
  const db = t.database.db;
  await seedDemoFirm(db);

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/v1/identity/account/send-reset-password-email',
    payload: { emailAddress: 'b1g3_admin@gmail.com' },
  });
  expect(reset.json()).toMatchObject({ resultType: 1 });

  const advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const invitation = await t.app.inject({
    method: 'POST',
    url: '/api/v1/document/invitations/send',
    headers: bearer(advisor),
    payload: { recipientEmailAddress: 'anonymous-walk@example.com' },
  });
  expect(invitation.statusCode, invitation.body).toBe(200);

  const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  await db.insert(clientServices).values({ clientId: client.id, serviceId: tax!.id });
  const document = await createDocument(db, t.app.storage, {
    clientId: client.id,
    serviceId: tax!.id,
    creatorUserId: owner.id,
  });
  const share = await t.app.inject({
    method: 'POST',
    url: `/api/v1/document/documents/${document.id}/share`,
    headers: bearer(admin),
    payload: { recipientEmailAddress: 'share-walk@example.com' },
  });
  expect(share.statusCode, share.body).toBeLessThan(300);
  await t.app.worker.drain();

  // The tokens, read the way only the server can: decrypting the outbox.
  const crypto = testFieldCrypto(t.config.encryptionKey!);
  for (const row of await db.select().from(mailMessages)) {
    messageIds.push(row.id);
    const text = crypto.decrypt(row.text!);
    const token = /[?&]token=([\w-]{20,})/.exec(text)?.[1] ?? /\/shared-documents\/([\w-]{20,})/.exec(text)?.[1];
    if (token) tokens.set(row.template, token);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Every route Fastify knows (API, health, docs, web app), from its own route table. */
function allRoutes(): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    for (const method of match[2]!.split(', ')) routes.push({ method, url: match[1]! });
  }
  return routes;
}

describe('no token for an anonymous caller', () => {
  it('sent a reset, an invitation and a share, each with a token', () => {
    expect([...tokens.keys()].sort()).toEqual(['documentShared', 'invitation', 'passwordReset']);
  });

  it('answers no route under /dev/ (not even with the web app), signed in or not', async () => {
    for (const url of ['/dev', '/dev/', '/dev/mailbox', `/dev/mailbox/${messageIds[0]}`, '/dev/outbox?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    // The web app's fallback still serves client-side routes.
    expect((await t.app.inject({ method: 'GET', url: '/administration-like/route' })).body).toContain('id="root"');
  });

  it('finds no token in the answer of any registered route called anonymously', async () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(150);
    const leaks: string[] = [];
    const ids = ['1', ...messageIds.map(String)];
    const urls = new Set<string>();
    for (const route of routes) {
      for (const id of route.url.includes(':') ? ids : ['']) {
        urls.add(`${route.method} ${route.url.replace(/:\w+/g, id).replace(/\*$/, 'index.html')}`);
      }
    }
    for (const extra of ['/dev/mailbox', ...messageIds.map((id) => `/dev/mailbox/${id}`)]) urls.add(`GET ${extra}`);
    for (const entry of urls) {
      const [method, url] = entry.split(' ') as ['GET', string];
      const response = await t.app.inject({ method, url });
      const answer = `${JSON.stringify(response.headers)}\n${response.body}`;
      for (const [template, token] of tokens) {
        if (answer.includes(token)) leaks.push(`${entry} -> ${response.statusCode} carries the ${template} token`);
      }
    }
    expect(urls.size).toBeGreaterThan(routes.length);
    expect(leaks).toEqual([]);
  }, 240_000);
});
