import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertStartable, ConfigurationError, loadConfig, testDriversInUse } from '../index.js';

/**
 * Issue 17 item 7: a production server refuses to start with the built-in test payment processor or
 * the built-in sandbox bank unless ALLOW_TEST_MODE=true says test mode is meant.
 */

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const PLAID = { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret', PLAID_ENV: 'production' };

describe('assertStartable', () => {
  it('refuses production with the test processor or the sandbox bank, naming what to set', () => {
    const both = () => assertStartable(loadConfig({ NODE_ENV: 'production' }));
    expect(both).toThrow(ConfigurationError);
    expect(both).toThrow(
      /NODE_ENV=production[\s\S]*test payment processor[\s\S]*sandbox bank[\s\S]*ALLOW_TEST_MODE=true/,
    );
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', ...STRIPE }))).toThrow(
      /sandbox bank \(set PLAID_CLIENT_ID and PLAID_SECRET\)/,
    );
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', ...PLAID }))).toThrow(
      /test payment processor \(set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET\)/,
    );
  });

  it('starts production with both real providers, or with ALLOW_TEST_MODE=true', () => {
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', ...STRIPE, ...PLAID }))).not.toThrow();
    expect(() => assertStartable(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_MODE: 'true' }))).not.toThrow();
    expect(testDriversInUse(loadConfig({ NODE_ENV: 'production', ...STRIPE, ...PLAID }))).toEqual([]);
  });

  it('needs no setting outside production, where the test drivers are the default', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(() => assertStartable(loadConfig({ NODE_ENV }))).not.toThrow();
    }
    expect(() => assertStartable(loadConfig({}))).not.toThrow();
  });

  it('reads ALLOW_TEST_MODE as a boolean, false by default', () => {
    expect(loadConfig({}).allowTestMode).toBe(false);
    expect(loadConfig({ ALLOW_TEST_MODE: '1' }).allowTestMode).toBe(true);
    expect(() => loadConfig({ ALLOW_TEST_MODE: 'yes' })).toThrow(/ALLOW_TEST_MODE/);
  });
});

describe('the server process in production', () => {
  const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const dataDirs: string[] = [];
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /**
   * Runs src/server.ts until it exits or prints its start-up banner (then stops it). The shared
   * package is taken from its source, as vitest takes it, not from a build that may be stale.
   */
  function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const tsconfig = path.join(mkdtempSync(path.join(os.tmpdir(), 'ledgerport-test-mode-tsconfig-')), 'tsconfig.json');
    dataDirs.push(path.dirname(tsconfig));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-test-mode-'));
    dataDirs.push(dataDir);
    const sharedSource = path.resolve(apiRoot, '../../packages/shared/src/index.ts');
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(apiRoot, 'tsconfig.json'),
        compilerOptions: { paths: { '@ledgerport/shared': [sharedSource] } },
      }),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        TSX_TSCONFIG_PATH: tsconfig,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Ledgerport')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  }

  it('exits with the message, before touching its data directory, without ALLOW_TEST_MODE', async () => {
    const { code, stdout, stderr } = await start({});
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Refusing to start: NODE_ENV=production, but\n/);
    expect(stderr).toContain('set ALLOW_TEST_MODE=true');
    expect(stderr).not.toContain('    at ');
    expect(readdirSync(dataDirs.at(-1)!)).toEqual([]);
  }, 60_000);

  it('starts with ALLOW_TEST_MODE=true', async () => {
    const { stdout, stderr } = await start({ ALLOW_TEST_MODE: 'true' });
    expect(stderr).not.toContain('Refusing to start');
    expect(stdout).toContain('Ledgerport');
  }, 120_000);
});
