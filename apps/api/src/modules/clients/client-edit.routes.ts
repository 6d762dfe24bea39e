import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENT_TYPE,
  clientEditDtoSchema,
  clientTypeIdParamsSchema,
  profilePictureQuerySchema,
  type ClientType,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { readClientEdit } from './client-edit.multipart.js';
import type { ClientEditService } from './client-edit.service.js';

const COMMON_FIELDS =
  'id (optional, must match the path), emailAddress, phoneNumber, advisorUserId, ownerUserId, ' +
  'isProfilePictureChanged, the file profilePicture (PNG or JPEG by content, at most 5 MB), address.addressLine1, ' +
  'address.addressLine2, address.city, address.stateId, address.zipCode (5 digits), repeated services, ' +
  'Collaborators[i].CollaboratorUserId and repeated Collaborators[i].Services';

const KINDS: { path: 'business' | 'personal'; clientType: ClientType; fields: string }[] = [
  {
    path: 'business',
    clientType: CLIENT_TYPE.business,
    fields: `${COMMON_FIELDS}, name, tradeName, website, taxpayerIdentificationNumber (##-#######)`,
  },
  {
    path: 'personal',
    clientType: CLIENT_TYPE.personal,
    fields:
      `${COMMON_FIELDS}, firstName, lastName, socialSecurityNumber (###-##-####), birthDate (YYYY-MM-DD), ` +
      'maritalStatus (1 single, 2 married), spouseInfo.firstName, spouseInfo.lastName, ' +
      'spouseInfo.socialSecurityNumber, spouseInfo.birthDate, spouseInfo.phoneNumber, spouseInfo.address.*',
  },
];

export const clientEditRoutes: FastifyPluginAsyncZod<{ clientEdit: ClientEditService }> = async (
  app,
  { clientEdit },
) => {
  for (const kind of KINDS) {
    app.get(
      `/document/clients/${kind.path}/:id`,
      {
        config: { permission: 'client:edit' },
        schema: {
          tags: ['document'],
          summary: `A ${kind.path} client for the edit form`,
          description:
            'Full SSN, TIN and birth dates: each read is audited (client.sensitive-revealed). A client of ' +
            'the other type is 404. Answers an ETag (also `version`) for If-Match on the save.',
          params: clientTypeIdParamsSchema,
          response: { 200: clientEditDtoSchema },
        },
      },
      async (request, reply) =>
        withEtag(
          reply,
          await clientEdit.getForEdit(
            principalOf(request),
            request.params.id,
            kind.clientType,
            requestContext(request),
          ),
        ),
    );

    app.put(
      `/document/clients/${kind.path}/:id`,
      {
        config: { permission: 'client:edit' },
        schema: {
          tags: ['document'],
          summary: `Edit a ${kind.path} client`,
          description:
            `multipart/form-data, field names matched case-insensitively: ${kind.fields}. A dropped service ` +
            'leaves every collaborator, an added one joins every collaborator, a new collaborator gets all ' +
            'the services. isProfilePictureChanged=true without a file removes the picture. ' +
            IF_MATCH_NOTE,
          consumes: ['multipart/form-data'],
          params: clientTypeIdParamsSchema,
          response: { 200: clientEditDtoSchema },
        },
      },
      async (request, reply) =>
        withEtag(
          reply,
          await clientEdit.update(
            principalOf(request),
            request.params.id,
            kind.clientType,
            await readClientEdit(request, kind.clientType),
            requestContext(request),
            ifMatchOf(request),
          ),
        ),
    );
  }

  app.get(
    '/document/clients/:id/profile-picture',
    {
      config: { permission: 'client:view|account:list' },
      schema: {
        tags: ['document'],
        summary: 'A client’s profile picture',
        description:
          'A PNG or JPEG image. `width` and/or `height` (16 to 1024) scale it down, keeping its aspect ratio. ' +
          '404 when there is none or the client is outside the caller’s scope.',
        params: clientTypeIdParamsSchema,
        querystring: profilePictureQuerySchema,
      },
    },
    async (request, reply) => {
      const answer = await clientEdit.getPicture(
        principalOf(request),
        request.params.id,
        request.query,
        request.headers['if-none-match'],
      );
      // Private: a picture is personal data and must not sit in shared caches; revalidated by ETag.
      reply.header('cache-control', 'private, no-cache').header('etag', answer.etag);
      if (answer.notModified) return reply.status(304).send();
      return reply.header('x-content-type-options', 'nosniff').type(answer.contentType).send(answer.data);
    },
  );
};
