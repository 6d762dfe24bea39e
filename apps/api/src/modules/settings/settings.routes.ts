import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firmSettingsDtoSchema, firmSettingsSchema } from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import type { SettingsService } from './settings.service.js';

const TAGS = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/identity/settings',
    {
      config: { permission: 'setting:edit' },
      schema: {
        tags: TAGS,
        summary: "The firm's two-factor requirement, session lifetimes and default reminder cadence",
        description: 'Answers an ETag (also `version`; "0" until first saved) for If-Match on the save.',
        response: { 200: firmSettingsDtoSchema },
      },
    },
    async (_request, reply) => withEtag(reply, await settings.get()),
  );

  app.put(
    '/identity/settings',
    {
      config: { permission: 'setting:edit' },
      schema: {
        tags: TAGS,
        summary: "Change the firm's two-factor requirement, session lifetimes and default reminder cadence",
        description: IF_MATCH_NOTE,
        body: firmSettingsSchema,
        response: { 200: firmSettingsDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await settings.update(
          request.body,
          { userId: principalOf(request).userId, context: requestContext(request) },
          ifMatchOf(request),
        ),
      ),
  );
};
