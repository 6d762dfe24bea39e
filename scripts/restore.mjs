#!/usr/bin/env node
// `npm run restore -- BACKUP_DIR [--force] [--verify-only]`: checks every file of a backup against
// its manifest, then restores it into DATA_DIR (embedded) or DATABASE_URL. See docs/backup-and-restore.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/dist/config/index.js';
import { verifyBackup } from '../apps/api/dist/ops/backup-manifest.js';
import { restoreBackup } from '../apps/api/dist/ops/restore.js';

const usage =
  'Usage: npm run restore -- BACKUP_DIR [--force] [--verify-only]\n' +
  '  Restores into DATA_DIR (and DATABASE_URL / STORAGE_DRIVER when set), as the server would use them.\n' +
  '  --force        replace the database, files and keys the target already holds\n' +
  '  --verify-only  check every file against the manifest and write nothing';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean', default: false },
      'verify-only': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const backupDir = path.resolve(positionals[0]);
  const log = (line) => process.stdout.write(`${line}\n`);
  if (values['verify-only']) {
    const manifest = await verifyBackup(backupDir);
    log(
      `${backupDir}: all ${manifest.files.length} files match the manifest (${manifest.database.kind} database, made ${manifest.createdAt}).`,
    );
  } else {
    const config = loadConfig();
    await restoreBackup({ config, backupDir, force: values.force, log });
    log(
      `Restored into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}. Start the server with the same settings.`,
    );
  }
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
