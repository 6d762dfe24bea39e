import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createOnboardingRepository } from '../onboarding/index.js';
import { createLeadsRepository } from './leads.repository.js';
import { leadsRoutes } from './leads.routes.js';
import { createLeadsService } from './leads.service.js';

/** Leads list, details, export and delete; lead onboarding after sign-in (spec 02, spec 01 section 4.4). */
export const leadsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const leads = createLeadsService({
    db: deps.db,
    leads: createLeadsRepository({ db: deps.db }),
    onboarding: createOnboardingRepository({ db: deps.db }),
    storage: deps.storage,
    queue: deps.queue,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
  });
  await app.register(leadsRoutes, { leads });
};
