import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { STORAGE_KEY_PATTERN } from '../lib/storage/storage.js';

/**
 * A Ledgerport backup is a folder (docs/backup-and-restore.md):
 *
 *   manifest.json          what is in it, with the size and SHA-256 of every other file
 *   manifest.json.sha256   the SHA-256 of manifest.json, so a damaged manifest is caught too
 *   database/…             pgdata.tar.gz (embedded PGlite) or dump.sql (PostgreSQL server)
 *   blobs/<storage key>    every document file, copied through the storage interface
 *   secrets/<name>         the generated keys of DATA_DIR/secrets (field encryption, JWT, ALTCHA)
 */
export const BACKUP_FORMAT = 'ledgerport-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_CHECKSUM_FILE = 'manifest.json.sha256';
export const PGLITE_DUMP_FILE = 'database/pgdata.tar.gz';
export const POSTGRES_DUMP_FILE = 'database/dump.sql';
export const BLOBS_DIR = 'blobs';
export const SECRETS_DIR = 'secrets';

export interface ManifestFile {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  database: {
    kind: 'pglite' | 'postgres';
    file: string;
    /** Applied Drizzle migrations at backup time; the server applies newer ones when it starts. */
    migrations: number;
    /** PGlite package version or PostgreSQL server version, for the record. */
    engineVersion: string;
  };
  storage: { driver: 'local' | 's3'; blobs: number };
  secrets: {
    /** Files under secrets/ in this backup. */
    included: string[];
    /** Keys the source took from the environment: not in the backup, keep them with it. */
    fromEnvironment: string[];
  };
  files: ManifestFile[];
}

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    createReadStream(file),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        hash.update(chunk);
        callback();
      },
    }),
  );
  return { size, sha256: hash.digest('hex') };
}

/** A manifest path, checked so a crafted manifest cannot point a restore outside the backup folder. */
export function assertManifestPath(relative: string): void {
  const [top, ...rest] = relative.split('/');
  const tail = rest.join('/');
  const ok =
    relative === PGLITE_DUMP_FILE ||
    relative === POSTGRES_DUMP_FILE ||
    (top === BLOBS_DIR && STORAGE_KEY_PATTERN.test(tail) && tail.length <= 200) ||
    (top === SECRETS_DIR && /^[a-z0-9-]+$/.test(tail));
  if (!ok) throw new Error(`The manifest names an unexpected file: ${relative}`);
}

export function fileIn(backupDir: string, relative: string): string {
  return path.join(backupDir, ...relative.split('/'));
}

export class BackupVerificationError extends Error {
  constructor(readonly problems: string[]) {
    super(`The backup failed verification:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BackupVerificationError';
  }
}

/**
 * Reads the manifest and checks every file it lists against its size and SHA-256 (and the manifest
 * against its own checksum). Throws BackupVerificationError naming every problem found.
 */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const problems: string[] = [];
  let raw: Buffer;
  try {
    raw = await readFile(path.join(backupDir, MANIFEST_FILE));
  } catch {
    throw new BackupVerificationError([`${MANIFEST_FILE} is missing: ${backupDir} is not a Ledgerport backup`]);
  }
  const recorded = await readFile(path.join(backupDir, MANIFEST_CHECKSUM_FILE), 'utf8').catch(() => null);
  if (recorded === null) problems.push(`${MANIFEST_CHECKSUM_FILE} is missing`);
  else if (recorded.trim().split(/\s+/)[0] !== sha256Hex(raw))
    problems.push(`${MANIFEST_FILE} does not match its checksum`);
  if (problems.length) throw new BackupVerificationError(problems);

  const manifest = JSON.parse(raw.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupVerificationError([
      `unsupported backup format ${String(manifest.format)} version ${String(manifest.version)}`,
    ]);
  }
  if (!manifest.files.some((file) => file.path === manifest.database.file)) {
    problems.push(`the database dump ${manifest.database.file} is not listed`);
  }
  // A restore writes each of these under DATA_DIR/secrets: only listed, checked files qualify.
  for (const name of manifest.secrets.included) {
    if (!manifest.files.some((file) => file.path === `${SECRETS_DIR}/${name}`)) {
      problems.push(`the key ${name} is not listed among the files`);
    }
  }
  for (const file of manifest.files) {
    try {
      assertManifestPath(file.path);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const full = fileIn(backupDir, file.path);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) {
      problems.push(`${file.path} is missing`);
      continue;
    }
    const actual = await hashFile(full);
    if (actual.size !== file.size)
      problems.push(`${file.path} is ${actual.size} bytes, the manifest says ${file.size}`);
    else if (actual.sha256 !== file.sha256) problems.push(`${file.path} does not match its SHA-256`);
  }
  if (problems.length) throw new BackupVerificationError(problems);
  return manifest;
}
