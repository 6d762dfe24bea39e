import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createBookkeepingRepository } from './bookkeeping.repository.js';
import { bookkeepingRoutes } from './bookkeeping.routes.js';
import { createBookkeepingService } from './bookkeeping.service.js';

/** The monthly bookkeeping tracker (spec 02 Bookkeeping list; rules in docs/bookkeeping.md). */
export const bookkeepingModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const bookkeeping = createBookkeepingService({
    db: deps.db,
    bookkeeping: createBookkeepingRepository({ db: deps.db }),
    audit: deps.audit,
  });
  await app.register(bookkeepingRoutes, { bookkeeping });
};
