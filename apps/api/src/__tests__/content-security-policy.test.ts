import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function policy(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  return String(response.headers['content-security-policy']);
}

describe('content security policy', () => {
  it('allows scripts only from the app itself when no payment or bank provider is configured', async () => {
    const csp = await policy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('stripe.com');
    expect(csp).not.toContain('plaid.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('lets Stripe.js and Plaid Link load when their drivers are configured', async () => {
    const csp = await policy({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      PLAID_CLIENT_ID: 'client',
      PLAID_SECRET: 'secret',
    });
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/cdn\.plaid\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});
