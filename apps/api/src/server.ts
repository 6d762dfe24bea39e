import { assertStartable, ConfigurationError, loadConfig } from './config/index.js';
import { createDatabase } from './db/client.js';
import { DEMO_SIGN_INS, seedDemoFirm } from './db/seed/demo.js';
import { seedDemoDocuments } from './db/seed/demo-documents.js';
import { seedDemoBank } from './db/seed/demo-bank.js';
import { seedDemoMessages } from './db/seed/demo-messages.js';
import { createFieldCrypto } from './lib/field-crypto.js';
import { readOrCreateSecret } from './lib/secrets.js';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.js';
import { buildApp } from './app.js';
import { createJobQueue } from './lib/jobs/job-queue.js';
import { scheduleOrphanReconciler } from './modules/documents/blob-jobs.js';
import { scheduleNotificationDigests } from './modules/notifications/notification-mail.service.js';
import { scheduleRequestReminders } from './modules/requests/request-reminders.service.js';
import { scheduleQuestionReminders } from './modules/transaction-questions/transaction-question-reminders.js';
import { scheduleRequestSchedules } from './modules/requests/request-schedules.service.js';
import { scheduleIdempotencyPurge } from './plugins/idempotency.js';
import { scheduleMailMaintenance } from './modules/mail/mail-maintenance.js';
import { scheduleSubjectEncryption } from './modules/messages/subject-encryption.js';
import path from 'node:path';

/** Within the 30 s most orchestrators allow between SIGTERM and SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;

/** Process entry: configuration, database, migrations, demo seed, HTTP server, graceful shutdown. */
async function main() {
  const config = loadConfig();
  // Before the data directory, the database or the port: a refused start leaves nothing behind.
  assertStartable(config);
  const embedded = !config.databaseUrl;
  const releaseLock = embedded ? lockDataDir(config.dataDir) : () => undefined;

  const database = config.databaseUrl
    ? await createDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await createDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') });
  const seeded = await database.withStartupLock(async () => {
    await database.migrate();
    return config.seedDemo ? seedDemoFirm(database.db) : false;
  });

  const app = await buildApp({ database, config });
  // After the app: the documents' blobs go to the storage it was configured with.
  if (seeded) {
    await seedDemoDocuments(database.db, app.storage);
    // The app's field key (app.ts reads the same secret): the demo messages are stored encrypted.
    const key = config.encryptionKey ?? readOrCreateSecret(config.dataDir, 'encryption-key', 32);
    await seedDemoMessages(database.db, createFieldCrypto(Buffer.from(key, 'base64url')));
    // The offline sandbox bank only: a real Plaid is never asked for demo logins.
    if (!config.plaid) {
      await seedDemoBank(app, database.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the demo bank feed could not be seeded'),
      );
    }
  }
  // Queued even when workers run apart: whichever worker claims it keeps the hourly chain going.
  const queue = createJobQueue({ db: database.db });
  await scheduleOrphanReconciler(queue);
  await scheduleRequestSchedules(queue);
  await scheduleRequestReminders(queue);
  await scheduleQuestionReminders(queue);
  await scheduleNotificationDigests(queue);
  await scheduleIdempotencyPurge(queue);
  // Now (bodies written in clear before they were encrypted get encrypted) and then every hour.
  await scheduleMailMaintenance(queue, { immediately: true });
  await scheduleMailMaintenance(queue);
  await scheduleSubjectEncryption(queue, { immediately: true });
  await scheduleSubjectEncryption(queue);
  if (config.runWorker) app.worker.start();
  let closing = false;
  /**
   * SIGTERM (orchestrators, `docker stop`): stop listening at once, so new connections are refused
   * and the load balancer moves on; let requests in flight finish (an upload streaming, a list being
   * built); let the job worker finish the job in hand; then close the pool and exit 0. A request that
   * never ends cannot hold the process forever: after SHUTDOWN_GRACE_MS it exits 1 anyway.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'in-flight work did not finish in time; exiting');
      releaseLock();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // A kept-alive connection that goes idle once its last request is answered would otherwise hold
    // the close open for the keep-alive timeout (5 s): drop such connections as they go idle.
    const dropIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    dropIdle.unref();
    let exitCode = 0;
    try {
      await app.close();
      clearInterval(dropIdle);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    } finally {
      releaseLock();
      process.exit(exitCode);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `Ledgerport is serving on ${url}`,
    `  database: ${embedded ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)'}${seeded ? ', demo firm seeded' : ''}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('  demo sign-ins (cohorts b1g1/b1g2/b1g3 with passwords Group1/Group2/Group3):');
    for (const signIn of DEMO_SIGN_INS.filter((s) => s.emailAddress.startsWith('b1g1_'))) {
      lines.push(`    ${signIn.role.padEnd(10)} ${signIn.emailAddress} / ${signIn.password}`);
    }
  }
  lines.push(mailBannerLine(config));
  // Printed plainly (not as JSON log lines) because a person reads this right after `npm start`.
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** Where the e-mail the portal sends can be read: a newcomer follows invitation and reset links from there. */
function mailBannerLine(config: ReturnType<typeof loadConfig>): string {
  if (config.smtpUrl) return '  e-mail: delivered through SMTP_URL; delivery status under Administration > Mail';
  const where = config.isProduction
    ? 'delivery status under Administration > Mail (bodies are never shown in production)'
    : `read it under Administration > Mail, signed in as ${config.seedDemo ? 'b1g1_admin@gmail.com' : 'an admin'}`;
  return `  e-mail: no SMTP_URL, so nothing leaves this machine; ${where}`;
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigurationError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Ledgerport failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
