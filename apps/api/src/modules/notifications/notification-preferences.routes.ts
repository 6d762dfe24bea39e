import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_SIGNED_IN,
  notificationPreferencesDtoSchema,
  notificationPreferencesInputSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { NotificationPreferencesService } from './notification-preferences.service.js';

const tags = ['identity'];
const PATH = '/identity/users/me/notification-preferences';
const config = { permission: ANY_SIGNED_IN } as const;

export const notificationPreferencesRoutes: FastifyPluginAsyncZod<{
  preferences: NotificationPreferencesService;
}> = async (app, { preferences }) => {
  app.get(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'How each kind of notification reaches you by e-mail, and the hour of your daily digest',
        description:
          'Every kind you can receive (staff: about clients; client users: from the firm) with your choice or ' +
          'its default. Answers an ETag (also `version`; "0" until first saved) for If-Match on the save.',
        response: { 200: notificationPreferencesDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await preferences.get(principalOf(request))),
  );

  app.put(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Choose how each kind of notification reaches you by e-mail, and your digest hour',
        description:
          'Kinds left out take their default; a kind you do not receive, or one listed twice, is 400. ' + IF_MATCH_NOTE,
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await preferences.update(principalOf(request), requestContext(request), request.body, ifMatchOf(request)),
      ),
  );
};
