import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../index.js';

describe('configuration', () => {
  it('defaults to the embedded setup on port 3000 with ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.cookieSecure).toBe(true);
    expect(config.seedDemo).toBe(true);
  });

  it('names every invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });

  it('reads booleans and numbers from their text', () => {
    const config = loadConfig({ COOKIE_SECURE: 'false', SEED_DEMO: '0', LOGIN_MAX_FAILURES_PER_ACCOUNT: '7' });
    expect(config.cookieSecure).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.loginThrottle.maxFailuresPerAccount).toBe(7);
  });

  it('takes the shared secrets every API process of one deployment must agree on', () => {
    const key = 'k'.repeat(32);
    expect(loadConfig({ ALTCHA_HMAC_KEY: key }).altchaHmacKey).toBe(key);
    expect(loadConfig({}).altchaHmacKey).toBeUndefined();
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'short' })).toThrow(/ALTCHA_HMAC_KEY/);
  });
});
