import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMyClientInputSchema, myClientDtoSchema, setCurrentClientInputSchema } from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import { accountHolderScopeOf } from './client-scope.js';
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
    async (request) => myClients.list(accountHolderScopeOf(principalOf(request))),
  );

  app.post(
    '/document/users/me/clients',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'Create a client account owned by the signed-in client user',
        description:
          'Business (clientType 1) needs name; personal (2) needs firstName and lastName, which become ' +
          "the name. The account's advisor is the user's advisor. Staff get 403.",
        body: createMyClientInputSchema,
        response: { 201: myClientDtoSchema },
      },
    },
    async (request, reply) => {
      const created = await myClients.create(principalOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/document/users/me/clients/current',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'Choose the client account to act for',
        description:
          "For this session only (another device signed in as the same person keeps its own); the user's " +
          'next sign-in starts on it. 404 for a client the user neither owns nor actively collaborates on.',
        body: setCurrentClientInputSchema,
        response: { 200: myClientDtoSchema },
      },
    },
    async (request) => myClients.setCurrent(principalOf(request), request.body.clientId),
  );
};
