import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { healthRoutes } from './health.routes.js';

/**
 * Liveness and readiness, outside /api/v1 and without a token: it needs the database handle itself
 * (whether every migration is applied), not the `ModuleDeps` the API modules get.
 */
export const healthModule: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  await app.register(healthRoutes, { database });
};
