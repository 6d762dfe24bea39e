import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientFollowDtoSchema, idParamsSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { ClientFollowersService } from './client-followers.service.js';

const tags = ['document'];
const PATH = '/document/clients/:id/follow';
/** Whoever may see the firm's Clients list; a client user is refused there (403) before any lookup. */
const config = { permission: 'client:list' } as const;
const description =
  'A follower hears of what the client’s people do (uploads, answers, acknowledgements, payments), as the ' +
  'client’s advisor does. A client outside your scope answers 404.';

export const clientFollowersRoutes: FastifyPluginAsyncZod<{ followers: ClientFollowersService }> = async (
  app,
  { followers },
) => {
  app.get(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Whether you follow the client',
        description,
        params: idParamsSchema,
        response: { 200: clientFollowDtoSchema },
      },
    },
    async (request) => followers.state(principalOf(request), request.params.id),
  );

  app.put(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Follow the client (already following: no change)',
        description,
        params: idParamsSchema,
        response: { 200: clientFollowDtoSchema },
      },
    },
    async (request) => followers.follow(principalOf(request), request.params.id),
  );

  app.delete(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Stop following the client (not following: no change)',
        description,
        params: idParamsSchema,
        response: { 200: clientFollowDtoSchema },
      },
    },
    async (request) => followers.unfollow(principalOf(request), request.params.id),
  );
};
