import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { NOTIFICATION_DELIVERY, NOTIFICATION_KIND } from '@ledgerport/shared';
import { createDatabase, type Database } from '../src/db/client.js';
import {
  jobs,
  mailMessages,
  notificationMails,
  notificationPreferences,
  notifications,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.js';
import { fixedSecrets, startApi, type ApiProcess } from './support/api-process.js';
import { rowsOf } from './support/rows.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

const PEOPLE = 200;
const ITEMS_EACH = 3;
/** Kill 1 once this many digests are committed: well into the run, well before its end. */
const KILL_AFTER_CLAIMS = 40;
/** Two kills, each followed by a restart and a lapsed lease (20 s), on a busy machine. */
const DELIVERY_LIMIT_MS = 180_000;

let postgres: PrivatePostgres;
let smtp: SmtpSink;
let databaseUrl: string;
let dataDir: string;
let database: Database | undefined;
let api: ApiProcess | undefined;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  databaseUrl = await postgres.createDatabase('faults_digest');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-faults-digest-'));
  // Its own people's mail only: the demo firm the API seeds sends some of its own.
  smtp = await startSmtpSink({ replyDelayMs: 20, recordsTo: (address) => address.startsWith('faultdigest.') });
});

afterAll(async () => {
  await api?.kill('SIGKILL');
  await database?.close();
  await smtp?.close();
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

describe('kill -9 during a daily digest run', () => {
  it(`gives each of ${PEOPLE} people one digest; only a message cut off mid-send may arrive twice, with its Message-ID`, async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Ledgerport <no-reply@ledgerport.test>',
      ...fixedSecrets(),
    };
    api = await startApi(env);
    database = await createDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    const db = database.db;

    // 200 staff members, each with three notifications for the digest made two days ago, and the
    // digest hour 0: due at any hour of the firm's day.
    const [employee] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'employee'));
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE }, (_, n) => ({
          firstName: `Digest${n}`,
          lastName: 'Reader',
          username: `faultdigest_${n}`,
          emailAddress: `faultdigest.${n}@example.com`,
          passwordHash: 'not-a-hash: nobody signs in',
        })),
      )
      .returning({ id: users.id, emailAddress: users.emailAddress });
    await db.insert(userRoles).values(people.map((person) => ({ userId: person.id, roleId: employee!.id })));
    await db.insert(notificationPreferences).values(people.map((person) => ({ userId: person.id, digestHour: 0 })));
    await db.insert(notifications).values(
      people.flatMap((person) =>
        Array.from({ length: ITEMS_EACH }, (_, item) => ({
          recipientUserId: person.id,
          kind: NOTIFICATION_KIND.requestItemSubmitted,
          title: `A client answered item ${item} for ${person.id}`,
          link: '/requests/1',
          clientId: null,
          actorUserId: null,
          eventKey: `fault:${person.id}:${item}`,
          emailDelivery: NOTIFICATION_DELIVERY.dailyDigest,
          createdAt: new Date(Date.now() - 2 * 24 * 3600_000),
        })),
      ),
    );

    // The hourly run, due now instead of at the top of the hour.
    await db.insert(jobs).values({ type: 'notifications.send-digests', payload: {}, dedupeKey: 'fault:digests' });
    const claims = async () =>
      (
        await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${notificationMails} where ${notificationMails.kind} = 'digest'`,
        )
      )[0]!.n;
    // Kill 1: in the middle of the run, between one person's committed digest and the next.
    await waitFor(async () => (await claims()) >= KILL_AFTER_CLAIMS, 60_000, 'the digest run to start', 2);
    await api.kill('SIGKILL');
    const claimedAtKill = await claims();
    expect(smtp.accepted).toEqual([]); // one job at a time: no digest was being delivered yet
    console.info(`kill 1 after ${claimedAtKill} of ${PEOPLE} digests were committed`);
    expect(claimedAtKill).toBeLessThan(PEOPLE);

    // Kill 2 is aimed at the outbox's window: the server has taken the fifth digest, the API has not
    // heard "250" yet.
    const startedAt = Date.now();
    let killedInWindow: string | undefined;
    smtp.onAccept((message) => {
      if (smtp.accepted.length === 5 && api) {
        killedInWindow = message.messageId;
        api.child.kill('SIGKILL');
      }
    });
    api = await startApi(env);
    await api.exited;
    smtp.onAccept(undefined);
    expect(killedInWindow).toBeDefined();

    api = await startApi(env);
    const digestRows = () =>
      db
        .select({
          toAddress: mailMessages.toAddress,
          messageId: mailMessages.messageId,
          status: mailMessages.status,
          attempts: mailMessages.attempts,
        })
        .from(mailMessages)
        .where(like(mailMessages.toAddress, 'faultdigest.%'));
    await waitFor(
      async () => {
        const rows = await digestRows();
        return rows.length === PEOPLE && rows.every((row) => row.status === 'sent');
      },
      DELIVERY_LIMIT_MS,
      'every digest to be sent',
    );
    const deliveredMs = Date.now() - startedAt;
    // Anything still to come (a late re-send, a second digest) would arrive now.
    await sleep(1_500);

    // One digest per person in the outbox, each claimed once and listing their three notifications.
    const rows = await digestRows();
    expect(rows).toHaveLength(PEOPLE);
    expect(new Set(rows.map((row) => row.toAddress)).size).toBe(PEOPLE);
    const claimRows = await rowsOf<{ user_id: number; n: number; mails: number }>(
      db,
      sql`select user_id, count(*)::int as n, count(mail_id)::int as mails from ${notificationMails}
          where kind = 'digest' group by user_id`,
    );
    expect(claimRows).toHaveLength(PEOPLE);
    expect(claimRows.every((claim) => claim.n === 1 && claim.mails === 1)).toBe(true);
    const waiting = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${notifications} where ${notifications.eventKey} like 'fault:%'
          and ${notifications.emailedAt} is null`,
    );
    expect(waiting[0]!.n).toBe(0);

    const copies = new Map<string, number>();
    for (const message of smtp.accepted) copies.set(message.messageId, (copies.get(message.messageId) ?? 0) + 1);
    const duplicates = [...copies].filter(([, count]) => count > 1).map(([messageId]) => messageId);
    const interrupted = rows.filter((row) => row.attempts > 1).map((row) => row.messageId);
    console.info(
      `${smtp.accepted.length} messages taken for ${copies.size} Message-IDs; duplicates ${JSON.stringify(duplicates)}; ` +
        `re-sent after an interrupted attempt ${JSON.stringify(interrupted)}; all sent ${deliveredMs} ms after kill 1's restart`,
    );
    // Every person's one digest arrived, under its own Message-ID, and nothing else did.
    expect([...copies.keys()].sort()).toEqual(rows.map((row) => row.messageId).sort());
    const addresses = new Map<string, Set<string>>();
    for (const message of smtp.accepted) {
      addresses.set(message.to, (addresses.get(message.to) ?? new Set()).add(message.messageId));
    }
    expect(addresses.size).toBe(PEOPLE);
    expect([...addresses.values()].every((ids) => ids.size === 1)).toBe(true);
    // Kill 1 fell inside the digest run: nothing was in flight, so that kill duplicated nothing. The
    // only copy allowed is the outbox's own: the message kill 2 cut off after the server took it,
    // sent again (twice in all) under the same Message-ID.
    expect(duplicates).toEqual([killedInWindow]);
    expect(copies.get(killedInWindow!)).toBe(2);
    expect(interrupted).toContain(killedInWindow);

    // The run and every delivery of its digests finished; nothing is left running for a dead process.
    // (The demo firm's own mail, sent at the first start, is not this test's.)
    const states = await rowsOf<{ status: string; count: number }>(
      db,
      sql`select status, count(*)::int as count from ${jobs}
          where (type = 'mail.deliver' and (payload->>'mailId')::int in
                  (select id from ${mailMessages} where ${mailMessages.toAddress} like 'faultdigest.%'))
             or dedupe_key = 'fault:digests'
          group by status`,
    );
    expect(states).toEqual([{ status: 'done', count: PEOPLE + 1 }]);
  });
});
