import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, meDtoSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { ProfileService } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/identity/users/me',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: { tags: ['identity'], summary: 'The signed-in user', response: { 200: meDtoSchema } },
    },
    async (request) => profile.getMe(principalOf(request).userId),
  );
};
