import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/error-handler.js';

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
      // False while the database is unreachable too (the pool fails fast), so a load balancer stops
      // routing here during an outage and resumes by itself once the server answers again.
      const ready = await database.isMigrated().catch(() => false);
      if (ready) return { status: 'ready' };
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'not-ready' });
    },
  );
};
