import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { myClientDtoSchema, setCurrentClientInputSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { MyClientsService } from './my-clients.service.js';

export const myClientsRoutes: FastifyPluginAsyncZod<{ myClients: MyClientsService }> = async (app, { myClients }) => {
  app.get(
    '/document/users/me/clients',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'The client accounts the signed-in client user owns or collaborates on',
        response: { 200: z.array(myClientDtoSchema) },
      },
    },
    async (request) => myClients.list(principalOf(request).userId),
  );

  app.put(
    '/document/users/me/clients/current',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'Choose the client account to act for',
        body: setCurrentClientInputSchema,
        response: { 200: myClientDtoSchema },
      },
    },
    async (request) => myClients.setCurrent(principalOf(request).userId, request.body.clientId),
  );
};
