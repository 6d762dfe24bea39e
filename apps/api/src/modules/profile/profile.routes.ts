import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  changePasswordInputSchema,
  profileDtoSchema,
  profilePictureQuerySchema,
  userIdParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { readProfileUpdate } from './profile.multipart.js';
import type { PictureAnswer, ProfileService } from './profile.service.js';

const PICTURE_DESCRIPTION =
  'A PNG or JPEG image. `width` and/or `height` (16 to 1024) scale it down, keeping its aspect ratio. ' +
  '404 when there is none.';

function sendPicture(reply: FastifyReply, answer: PictureAnswer) {
  // Private: a picture is personal data and must not sit in shared caches; revalidated by ETag.
  reply.header('cache-control', 'private, no-cache').header('etag', answer.etag);
  if (answer.notModified) return reply.status(304).send();
  return reply.header('x-content-type-options', 'nosniff').type(answer.contentType).send(answer.data);
}

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/identity/users/me',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        description: 'Answers an ETag (also `version`) for If-Match on the profile save.',
        response: { 200: profileDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await profile.getMe(principalOf(request).userId)),
  );

  app.put(
    '/identity/users/me',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'Edit the signed-in user’s profile',
        description:
          'multipart/form-data with FirstName, LastName, PhoneNumber, Extension (4 digits; not for client ' +
          'users), IsProfilePictureChanged and the file ProfilePicture (PNG or JPEG by content, at most 5 MB, ' +
          'else 415 or 413). IsProfilePictureChanged=true without a file removes the picture. Field names ' +
          'are matched case-insensitively. ' +
          IF_MATCH_NOTE,
        consumes: ['multipart/form-data'],
        response: { 200: profileDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await profile.update(
          principalOf(request),
          await readProfileUpdate(request),
          requestContext(request),
          ifMatchOf(request),
        ),
      ),
  );

  app.get(
    '/identity/users/me/profile-picture',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user’s profile picture',
        description: PICTURE_DESCRIPTION,
        querystring: profilePictureQuerySchema,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const answer = await profile.getPicture(
        principal,
        principal.userId,
        request.query,
        request.headers['if-none-match'],
      );
      return sendPicture(reply, answer);
    },
  );

  app.get(
    '/identity/users/:id/profile-picture',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'A user’s profile picture (staff: anyone’s; client users: their own)',
        description: PICTURE_DESCRIPTION,
        params: userIdParamsSchema,
        querystring: profilePictureQuerySchema,
      },
    },
    async (request, reply) => {
      const answer = await profile.getPicture(
        principalOf(request),
        request.params.id,
        request.query,
        request.headers['if-none-match'],
      );
      return sendPicture(reply, answer);
    },
  );

  app.patch(
    '/identity/users/me/password',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: 'Change the signed-in user’s password',
        description:
          'A wrong old password is 400 with code OLD_PASSWORD_INCORRECT. On success the user’s other ' +
          'sessions end; this one stays.',
        body: changePasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await profile.changePassword(principalOf(request), request.body, requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
