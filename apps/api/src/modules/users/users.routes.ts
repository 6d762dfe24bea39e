import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_SIGNED_IN, meDtoSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/identity/users/me',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: { tags: ['identity'], summary: 'The signed-in user', response: { 200: meDtoSchema } },
    },
    async (request) => users.getMe(principalOf(request).userId),
  );
};
