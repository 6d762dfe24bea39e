import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createInvitationsRepository } from './invitations.repository.js';
import { invitationsRoutes } from './invitations.routes.js';
import { createInvitationsService } from './invitations.service.js';
import { createRegistrationRepository } from './registration.repository.js';
import { createRegistrationService } from './registration.service.js';

/** Invitations and registration: spec 01 sections 2.7, 4.2, 8. */
export const invitationsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, config, audit, mail, users } = deps;
  const invitations = createInvitationsRepository({ db });
  await app.register(invitationsRoutes, {
    invitations: createInvitationsService({ db, invitations, users, mail, audit, config }),
    registration: createRegistrationService({
      db,
      invitations,
      registration: createRegistrationRepository({ db }),
      // The same failure counters as sign-in, under their own keys.
      throttle: createThrottleRepository({ db }),
      audit,
      config,
    }),
  });
};
