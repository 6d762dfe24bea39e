import { assertStartable, ConfigurationError, loadConfig } from './config/index.js';
import { createDatabase } from './db/client.js';
import { buildApp } from './app.js';

/** Within the 30 s most orchestrators allow between SIGTERM and SIGKILL. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * `npm run worker`: the background job worker alone, for deployments that scale API processes and
 * workers apart (set RUN_WORKER=false on the API processes). Needs a PostgreSQL server: the embedded
 * database belongs to the one process that opened its data directory.
 */
async function main() {
  const config = loadConfig();
  assertStartable(config);
  if (!config.databaseUrl) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL: with the embedded database, `npm start` already runs the worker.\n',
    );
    process.exit(1);
  }
  const database = await createDatabase({
    kind: 'postgres',
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  await database.withStartupLock(() => database.migrate());
  const app = await buildApp({ database, config });
  await app.ready();
  app.worker.start();
  app.log.info('job worker started');
  let closing = false;
  // The job in hand finishes, the rest of the claimed batch goes back to the queue (lib/jobs), then
  // the pool closes. A job that never ends cannot hold the process past SHUTDOWN_GRACE_MS: its lease
  // lapses and another worker runs it again.
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigurationError
      ? `${error.message}\n`
      : `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
