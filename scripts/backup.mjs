#!/usr/bin/env node
// `npm run backup [-- --out DIR]`: database, document files and generated keys into one folder,
// with a SHA-256 manifest. See docs/backup-and-restore.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/dist/config/index.js';
import { createBackup } from '../apps/api/dist/ops/backup.js';

const usage = 'Usage: npm run backup -- [--out DIR]   (DATA_DIR, DATABASE_URL and STORAGE_DRIVER as for the server)';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.resolve(values.out ?? path.join('backups', `ledgerport-${stamp}`));
  const { dir, manifest } = await createBackup({
    config: loadConfig(),
    outDir,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  process.stdout.write(
    `Backup written to ${dir}: ${manifest.database.kind} database, ${manifest.storage.blobs} document files, ` +
      `${manifest.secrets.included.length} keys, ${manifest.files.length} files (${bytes} bytes) in manifest.json.\n` +
      'It holds the field-encryption key: keep it as safe as the live data.\n',
  );
  if (manifest.secrets.fromEnvironment.length) {
    process.stdout.write(
      `Not in the backup (taken from the environment): ${manifest.secrets.fromEnvironment.join(', ')}. ` +
        'Keep them with it, or the restored server cannot decrypt the encrypted fields.\n',
    );
  }
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
