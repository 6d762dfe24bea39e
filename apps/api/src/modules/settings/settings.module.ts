import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createSettingsRepository, hoursFromSeconds } from './settings.repository.js';
import { settingsRoutes } from './settings.routes.js';
import { createSettingsService } from './settings.service.js';

/** Firm settings: two-factor requirement and session lifetimes (issue 11), the default reminder cadence (issue 22). */
export const settingsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repository = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  await app.register(settingsRoutes, {
    settings: createSettingsService({ db: deps.db, settings: repository, audit: deps.audit }),
  });
};
