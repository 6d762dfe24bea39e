import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { hasPermission } from '@ledgerport/shared';
import { authPlugin } from '../plugins/auth.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Features that add public routes list them in `modules/<area>/__tests__/<area>.public-routes.ts`
// (exporting `publicRoutes`, each with the reason in a comment), so the list below stays the core's.
const publicRouteFiles = import.meta.glob<{ publicRoutes: string[] }>('../modules/**/__tests__/*.public-routes.ts', {
  eager: true,
});
const FEATURE_PUBLIC_ROUTES = Object.values(publicRouteFiles).flatMap((file) => file.publicRoutes);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every API route declares who may call it', () => {
  it('lists the registered routes, each with a permission requirement or an explicit public marker', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const declared = route.isPublic || (route.permission !== undefined && route.permission.length > 0);
      expect(declared, `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('keeps public routes to the known few', () => {
    const publicRoutes = t.app.registeredRoutes.filter((r) => r.isPublic).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/v1/authentication/account/refresh-jwt-tokens',
        'GET /api/v1/openapi.json',
        'POST /api/v1/authentication/account/authenticate',
        // Password reset: the user cannot sign in, by definition.
        'POST /api/v1/identity/account/send-reset-password-email',
        'GET /api/v1/identity/account/is-forgot-password-token-usable',
        'POST /api/v1/identity/account/reset-password',
        // Registration from an invitation: the invitee has no account yet.
        'POST /api/v1/identity/invitations/received',
        'POST /api/v1/identity/register/client',
        // Reference data for the public company-formation and onboarding pages.
        'GET /api/v1/company/states/all',
        // Coupon verification for the public company-formation payment page; throttled per IP.
        'GET /api/v1/company/coupons/:code/verify',
        // A document share link for someone without an account: the token is the credential.
        'GET /api/v1/document/shared/:token',
        'GET /api/v1/document/shared/:token/download',
        ...FEATURE_PUBLIC_ROUTES,
      ].sort(),
    );
  });

  it('refuses at start-up an API route that declares neither', async () => {
    const app = Fastify();
    await app.register(authPlugin, { auth: {} as AuthService });
    expect(() => app.get('/api/v1/forgotten', async () => 'oops')).toThrow(/declares neither a permission nor public/);
    await app.close();
  });

  it('uses requirements the shared matcher can grant to someone', () => {
    for (const route of t.app.registeredRoutes.filter((r) => !r.isPublic)) {
      expect(
        hasPermission(['*'], route.permission) ||
          route.permission!.split('|').every((p) => p.includes(':') || p === '*'),
      ).toBe(true);
    }
  });
});
