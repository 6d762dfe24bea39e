import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '@ledgerport/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import type { AuthService, Principal } from '../modules/auth/auth.service.js';
import { isBackgroundRequest } from '../modules/auth/background-request.js';
import { assertTwoFactorEnrolled } from '../modules/auth/two-factor-gate.js';
import { API_PREFIX } from './route-access.js';

/** Accepts `Bearer <token>` and, as existing clients send it, the bare token. */
export function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = (match?.[1] ?? header).trim();
  return token.length > 0 ? token : null;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission?: string;
  isPublic: boolean;
}

/** Requests are authenticated and authorised in onRequest, before any body is read. */
export const authPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.decorateRequest('principal', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const permission = route.config?.permission;
      const isPublic = route.config?.public === true;
      if (!isPublic && !permission) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares neither a permission nor public: true.`);
      }
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, permission, isPublic });
      }
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      // Routes outside the API (health, docs, the web app) carry no access rule.
      if (!request.routeOptions.url?.startsWith(API_PREFIX)) return;
      if (config.public) return;
      const token = readAccessToken(request);
      const principal: Principal | null = token
        ? await auth.resolvePrincipal(token, { background: isBackgroundRequest(request.headers) })
        : null;
      if (!principal) throw new UnauthorizedError();
      request.principal = principal;
      assertTwoFactorEnrolled(principal, request.method, request.routeOptions.url);
      if (!hasPermission(principal.permissions, config.permission)) throw new ForbiddenError();
    });
  },
  { name: 'auth' },
);

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** For handlers of authenticated routes: the principal is always set there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError();
  return request.principal;
}
