import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toDoListSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { ToDosService } from './to-dos.service.js';

export const toDosRoutes: FastifyPluginAsyncZod<{ toDos: ToDosService }> = async (app, { toDos }) => {
  app.get(
    '/document/users/me/to-dos',
    {
      config: { permission: '*' },
      schema: {
        tags: ['document'],
        summary: "What waits on the signed-in client user for their current client (the client's To do)",
        description:
          'Open request items (soonest due first, overdue marked), announcements to confirm, the 1099 filing ' +
          'fee of the current tax year, questions about bank transactions waiting on the client, bank ' +
          'connections to reconnect, an unfinished onboarding. Staff have no client: an empty list.',
        response: { 200: toDoListSchema },
      },
    },
    async (request) => toDos.list(principalOf(request)),
  );
};
