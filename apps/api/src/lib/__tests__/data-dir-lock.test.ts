import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.js';

const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'ledgerport-lock-'));

describe('data directory lock', () => {
  it('takes the lock, writes its pid, and releases it', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'ledgerport.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'ledgerport.lock'))).toBe(false);
  });

  it('refuses a directory another running process holds, naming that process', () => {
    const dir = freshDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    writeFileSync(path.join(dir, 'ledgerport.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${other.pid}.*different DATA_DIR`));
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'ledgerport.lock'), String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'ledgerport.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
