import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/index.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { createStorage } from '../lib/storage/index.js';
import { BLOBS_DIR, SECRETS_DIR, fileIn, verifyBackup, type BackupManifest } from './backup-manifest.js';
import { openPglite, pgliteDir, pgliteFacts, runPgTool, withPostgres } from './pg-tools.js';

export interface RestoreOptions {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'storage' | 'encryptionKey'>;
  backupDir: string;
  /** Replace what the target already holds instead of refusing. */
  force?: boolean;
  log?: (line: string) => void;
}

const LOCK_FILE = 'ledgerport.lock';

async function entriesOf(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** What the target already holds; a restore over any of it needs --force. */
async function occupiedTarget(config: RestoreOptions['config']): Promise<string[]> {
  const found: string[] = [];
  if (!config.databaseUrl) {
    const entries = (await entriesOf(config.dataDir)).filter((name) => name !== LOCK_FILE);
    if (entries.length) found.push(`the data directory ${config.dataDir} is not empty (${entries.join(', ')})`);
  } else {
    const tables = await withPostgres(config.databaseUrl, async (client) => {
      const result = await client.query<{ count: number }>(
        "select count(*)::int as count from pg_tables where schemaname in ('public', 'drizzle')",
      );
      return result.rows[0]?.count ?? 0;
    });
    if (tables) found.push(`the database at DATABASE_URL already has ${tables} tables`);
    const secrets = await entriesOf(path.join(config.dataDir, 'secrets'));
    if (secrets.length) found.push(`${path.join(config.dataDir, 'secrets')} already holds keys`);
    if (config.storage.driver === 'local' && (await entriesOf(path.join(config.dataDir, 'blobs'))).length) {
      found.push(`${path.join(config.dataDir, 'blobs')} already holds files`);
    }
  }
  if (config.storage.driver === 's3') {
    const storage = createStorage(config);
    for await (const blob of storage.list()) {
      found.push(`the bucket ${String(config.storage.s3.bucket)} is not empty (${blob.key})`);
      break;
    }
  }
  return found;
}

/**
 * Restores a backup made by createBackup into the configured target: DATA_DIR for the embedded
 * database, DATABASE_URL for a PostgreSQL server, and the configured storage. Every file is checked
 * against the manifest before anything is written, and a target that holds data is refused unless
 * `force` is set.
 */
export async function restoreBackup({ config, backupDir, force = false, log = () => undefined }: RestoreOptions) {
  log(`Verifying ${backupDir}...`);
  const manifest: BackupManifest = await verifyBackup(backupDir);
  log(`All ${manifest.files.length} files match the manifest.`);

  const embedded = !config.databaseUrl;
  if (manifest.database.kind !== (embedded ? 'pglite' : 'postgres')) {
    throw new Error(
      manifest.database.kind === 'pglite'
        ? 'This backup holds an embedded (PGlite) database: restore it without DATABASE_URL, into a DATA_DIR.'
        : 'This backup holds a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore it into.',
    );
  }
  const backupKey = manifest.secrets.included.includes('encryption-key')
    ? (await readFile(fileIn(backupDir, `${SECRETS_DIR}/encryption-key`), 'utf8')).trim()
    : null;
  if (config.encryptionKey && backupKey && config.encryptionKey !== backupKey && !force) {
    throw new Error(
      'APP_ENCRYPTION_KEY is set and differs from the key in the backup: the restored server would not ' +
        'decrypt the encrypted fields. Unset it (or set it to the backup key), or pass --force.',
    );
  }
  if (!config.encryptionKey && !backupKey && manifest.secrets.fromEnvironment.includes('APP_ENCRYPTION_KEY')) {
    log('Warning: the source took APP_ENCRYPTION_KEY from its environment; set the same key for the restored server.');
  }

  const occupied = await occupiedTarget(config);
  if (occupied.length && !force) {
    throw new Error(
      `Refusing to restore over existing data: ${occupied.join('; ')}. ` +
        'Restore into an empty target, or pass --force to replace it.',
    );
  }

  let releaseLock = () => undefined as void;
  if (embedded) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new Error(`A Ledgerport server is running on ${config.dataDir}: stop it first. ${error.message}`);
      }
      throw error;
    }
  }
  try {
    if (occupied.length) {
      log('Removing the existing data (--force)...');
      if (embedded) await rm(pgliteDir(config.dataDir), { recursive: true, force: true });
      else {
        await withPostgres(config.databaseUrl as string, (client) =>
          client.query(
            'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
          ),
        );
      }
      await rm(path.join(config.dataDir, 'secrets'), { recursive: true, force: true });
      if (config.storage.driver === 'local')
        await rm(path.join(config.dataDir, 'blobs'), { recursive: true, force: true });
    }

    if (manifest.secrets.included.length) {
      const secretsDir = path.join(config.dataDir, 'secrets');
      await mkdir(secretsDir, { recursive: true, mode: 0o700 });
      for (const name of manifest.secrets.included) {
        await copyFile(fileIn(backupDir, `${SECRETS_DIR}/${name}`), path.join(secretsDir, name));
        await chmod(path.join(secretsDir, name), 0o600);
      }
    }

    log('Restoring the database...');
    if (embedded) {
      await mkdir(config.dataDir, { recursive: true });
      const dump = await readFile(fileIn(backupDir, manifest.database.file));
      const client = await openPglite(config.dataDir, new Blob([dump]));
      try {
        const facts = await pgliteFacts(client);
        if (facts.migrations !== manifest.database.migrations) {
          throw new Error(
            `The restored database has ${facts.migrations} migrations, the manifest says ${manifest.database.migrations}.`,
          );
        }
      } finally {
        await client.close();
      }
    } else {
      // One transaction: a dump that fails half way leaves the database as it was.
      await runPgTool(
        'psql',
        [
          '-X',
          '--quiet',
          '-v',
          'ON_ERROR_STOP=1',
          '--single-transaction',
          `--file=${fileIn(backupDir, manifest.database.file)}`,
        ],
        config.databaseUrl as string,
      );
    }

    log('Restoring document files...');
    const storage = createStorage(config);
    let blobs = 0;
    for (const file of manifest.files) {
      if (!file.path.startsWith(`${BLOBS_DIR}/`)) continue;
      const key = file.path.slice(BLOBS_DIR.length + 1);
      const stored = await storage.put(key, createReadStream(fileIn(backupDir, file.path)));
      // What storage received, hashed again on the way in.
      if (stored.sha256 !== file.sha256) throw new Error(`${key} changed while being restored.`);
      blobs++;
    }
    log(
      `Restored the database (${manifest.database.kind}), ${blobs} files and ${manifest.secrets.included.length} keys.`,
    );
    return { manifest, blobs };
  } finally {
    releaseLock();
  }
}
