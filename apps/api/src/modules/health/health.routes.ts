import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';

const statusSchema = z.object({ status: z.string() });

/** Outside /api/v1: load balancers and orchestrators call these without a token. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and every migration is applied',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (_request, reply) => {
      const ready = await database.isMigrated().catch(() => false);
      return ready ? { status: 'ready' } : reply.status(503).send({ status: 'not-ready' });
    },
  );
};
