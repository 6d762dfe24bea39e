import { createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config/index.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { createStorage } from '../lib/storage/index.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BLOBS_DIR,
  MANIFEST_CHECKSUM_FILE,
  MANIFEST_FILE,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
  SECRETS_DIR,
  fileIn,
  hashFile,
  sha256Hex,
  type BackupManifest,
  type ManifestFile,
} from './backup-manifest.js';
import {
  hasPgliteDatabase,
  openPglite,
  pgliteFacts,
  postgresFacts,
  runPgTool,
  type DatabaseFacts,
} from './pg-tools.js';

export interface BackupOptions {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'storage' | 'jwtSecret' | 'encryptionKey'>;
  /** The folder to create; it must not exist yet (or be empty). */
  outDir: string;
  log?: (line: string) => void;
}

const isEmptyOrMissing = async (dir: string) => {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length === 0;
};

/**
 * Writes a backup of the database, every stored document file and the generated secrets into
 * `outDir`. It is built in `<outDir>.partial` and renamed at the end, so a folder with the final
 * name is always complete.
 */
export async function createBackup({ config, outDir, log = () => undefined }: BackupOptions) {
  const target = path.resolve(outDir);
  if (!(await isEmptyOrMissing(target))) throw new Error(`${target} already exists and is not empty.`);
  const partial = `${target}.partial`;
  if (await stat(partial).catch(() => null)) {
    throw new Error(`${partial} is left over from an interrupted backup: remove it and run the backup again.`);
  }

  const embedded = !config.databaseUrl;
  let releaseLock = () => undefined as void;
  if (embedded) {
    if (!hasPgliteDatabase(config.dataDir)) {
      throw new Error(`There is no embedded database in ${config.dataDir} (DATA_DIR). Nothing to back up.`);
    }
    // PGlite is single-process: a copy taken while the server writes would be torn. Holding the
    // server's own lock for the whole backup makes the database, files and keys one moment in time.
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        throw new Error(
          `The Ledgerport server is running on ${config.dataDir}. Stop it before backing up the embedded ` +
            `database (a backup needs a moment when nothing writes). ${error.message}`,
        );
      }
      throw error;
    }
  }

  try {
    await mkdir(path.join(partial, 'database'), { recursive: true, mode: 0o700 });
    await chmod(partial, 0o700);

    let facts: DatabaseFacts;
    let databaseFile: string;
    if (embedded) {
      databaseFile = PGLITE_DUMP_FILE;
      log('Dumping the embedded database (PGlite)...');
      const client = await openPglite(config.dataDir);
      try {
        facts = await pgliteFacts(client);
        // dumpDataDir checkpoints and tars the whole cluster from inside PGlite: a consistent copy.
        const dump = await client.dumpDataDir('gzip');
        await writeFile(fileIn(partial, databaseFile), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        await client.close();
      }
    } else {
      const url = config.databaseUrl as string;
      databaseFile = POSTGRES_DUMP_FILE;
      log('Dumping the PostgreSQL database with pg_dump...');
      facts = await postgresFacts(url);
      // Plain SQL without owners or grants, so it loads into a database owned by another role.
      await runPgTool(
        'pg_dump',
        ['--format=plain', '--no-owner', '--no-privileges', `--file=${fileIn(partial, databaseFile)}`],
        url,
      );
      await chmod(fileIn(partial, databaseFile), 0o600);
    }

    // Files after the database: a file uploaded meanwhile is an orphan the reconciler removes; only
    // a file deleted in between is missing, and that needs a running server (docs/backup-and-restore.md).
    log(`Copying document files (${config.storage.driver} storage)...`);
    const storage = createStorage(config);
    const files: ManifestFile[] = [];
    for await (const blob of storage.list()) {
      const relative = `${BLOBS_DIR}/${blob.key}`;
      const file = fileIn(partial, relative);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await pipeline(await storage.get(blob.key), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
      files.push({ path: relative, ...(await hashFile(file)) });
    }
    const blobs = files.length;

    const secretsDir = path.join(config.dataDir, 'secrets');
    const secretNames = (await readdir(secretsDir).catch(() => [] as string[])).filter((name) =>
      /^[a-z0-9-]+$/.test(name),
    );
    if (secretNames.length) await mkdir(path.join(partial, SECRETS_DIR), { mode: 0o700 });
    for (const name of secretNames) {
      const relative = `${SECRETS_DIR}/${name}`;
      await copyFile(path.join(secretsDir, name), fileIn(partial, relative));
      await chmod(fileIn(partial, relative), 0o600);
      files.push({ path: relative, ...(await hashFile(fileIn(partial, relative))) });
    }
    const fromEnvironment = [
      ...(config.encryptionKey ? ['APP_ENCRYPTION_KEY'] : []),
      ...(config.jwtSecret ? ['JWT_SECRET'] : []),
    ];
    if (!config.encryptionKey && !secretNames.includes('encryption-key')) {
      log('Warning: no field-encryption key found (DATA_DIR/secrets/encryption-key or APP_ENCRYPTION_KEY).');
    }
    files.unshift({ path: databaseFile, ...(await hashFile(fileIn(partial, databaseFile))) });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: embedded ? 'pglite' : 'postgres', file: databaseFile, ...facts },
      storage: { driver: config.storage.driver, blobs },
      secrets: { included: secretNames, fromEnvironment },
      files,
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(path.join(partial, MANIFEST_FILE), manifestText, { mode: 0o600 });
    // sha256sum format, so `sha256sum -c manifest.json.sha256` checks it without Ledgerport.
    await writeFile(path.join(partial, MANIFEST_CHECKSUM_FILE), `${sha256Hex(manifestText)}  ${MANIFEST_FILE}\n`, {
      mode: 0o600,
    });

    // Empty or missing (checked above): rmdir, not rm -r, so nothing of anyone else's can go.
    await rmdir(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(partial, target);
    return { dir: target, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    releaseLock();
  }
}
