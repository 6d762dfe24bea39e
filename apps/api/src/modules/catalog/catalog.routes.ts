import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  catalogServiceDtoSchema,
  catalogTagDtoSchema,
  clientServicesParamsSchema,
  includeIconsQuerySchema,
  serviceTagsParamsSchema,
} from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { CatalogService } from './catalog.service.js';

const ICONS = 'listIcon (base64 PNG, null for the default icon) only with includeIcons=true.';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/document/services/all',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['document'],
        summary: 'Every active service, for the home screen and pickers',
        description: ICONS,
        querystring: includeIconsQuerySchema,
        response: { 200: z.array(catalogServiceDtoSchema) },
      },
    },
    async (request) => catalog.listServices(request.query),
  );

  app.get(
    '/document/clients/:clientId/services',
    {
      // Client users (account:list) for their own clients; staff with client:list for any.
      config: { permission: 'client:list|account:list' },
      schema: {
        tags: ['document'],
        summary: 'The active services of a client',
        description: `Client users: only clients they own or collaborate on (else 404). ${ICONS}`,
        params: clientServicesParamsSchema,
        querystring: includeIconsQuerySchema,
        response: { 200: z.array(catalogServiceDtoSchema) },
      },
    },
    async (request) => catalog.listClientServices(principalOf(request), request.params.clientId, request.query),
  );

  app.get(
    '/document/services/:serviceId/main-tag-group-tags/document-assigned',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['document'],
        summary: 'The active tags of the main tag group that apply to a service',
        params: serviceTagsParamsSchema,
        response: { 200: z.array(catalogTagDtoSchema) },
      },
    },
    async (request) => catalog.listMainGroupTagsOfService(request.params.serviceId),
  );
};
