import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * In the embedded default, secrets live in files under DATA_DIR/secrets (mode 0600), outside the
 * database, generated on first start. Production passes them through the environment instead.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString('base64url');
  // 'wx' so two processes racing on a new directory cannot overwrite each other's key.
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
