import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firmSettingsSchema } from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { SettingsService } from './settings.service.js';

const TAGS = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/identity/settings',
    {
      config: { permission: 'setting:edit' },
      schema: {
        tags: TAGS,
        summary: "The firm's two-factor requirement and session lifetimes",
        response: { 200: firmSettingsSchema },
      },
    },
    async () => settings.get(),
  );

  app.put(
    '/identity/settings',
    {
      config: { permission: 'setting:edit' },
      schema: {
        tags: TAGS,
        summary: "Change the firm's two-factor requirement and session lifetimes",
        body: firmSettingsSchema,
        response: { 200: firmSettingsSchema },
      },
    },
    async (request) =>
      settings.update(request.body, { userId: principalOf(request).userId, context: requestContext(request) }),
  );
};
