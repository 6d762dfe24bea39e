import type { PermissionRequirement } from '@ledgerport/shared';
import type { Principal } from '../modules/auth/auth.service.js';

/**
 * Every route under /api/v1 declares who may call it, in its `config`:
 * - `permission`: a requirement for the shared matcher (`'*'` = anyone signed in), or
 * - `public: true`: no sign-in (sign-in itself, health, public funnels).
 * A route declaring neither is refused at start-up (see plugins/auth.ts).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: PermissionRequirement;
    public?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const API_PREFIX = '/api/v1';
