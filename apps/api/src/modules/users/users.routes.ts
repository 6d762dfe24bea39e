import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_LIST_QUERY_KEYS,
  createUserInputSchema,
  dropdownOptionSchema,
  emailAvailabilityParamsSchema,
  exportUsersQuerySchema,
  idParamsSchema,
  listUsersQuerySchema,
  pagedUsersSchema,
  resetUserPasswordInputSchema,
  updateUserInputSchema,
  userDetailsDtoSchema,
  usernameAvailabilityParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from './users.export.js';
import type { UsersService } from './users.service.js';

const CANONICAL_QUERY_KEY = new Map<string, string>(USER_LIST_QUERY_KEYS.map((key) => [key.toLowerCase(), key]));

/**
 * The API's existing clients send `EmailAddress`, `FirstName`, ... (DESIGN.md section 3): query keys
 * are matched case-insensitively to the schema's camelCase names before validation.
 */
export function normaliseQueryKeys(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    result[CANONICAL_QUERY_KEY.get(key.toLowerCase()) ?? key] = value;
  }
  return result;
}

const PERMISSION = {
  list: 'user:list',
  export: 'user:export',
  add: 'user:add',
  edit: 'user:edit',
  changeStatus: 'user:change-status',
  resetPassword: 'user:reset-password',
  availability: 'user:add|user:edit',
  // The Clients screens pick advisors too.
  peopleOptions: 'user:list|client:list',
} as const;

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.addHook('preValidation', async (request) => {
    request.query = normaliseQueryKeys(request.query);
  });

  app.get(
    '/identity/users',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: ['identity'],
        summary: 'Users, filtered, sorted and paged',
        description: 'Query keys are accepted in any case (`EmailAddress` or `emailAddress`).',
        querystring: listUsersQuerySchema,
        response: { 200: pagedUsersSchema },
      },
    },
    async (request) => users.list(request.query, principalOf(request)),
  );

  app.get(
    '/identity/users/export',
    {
      config: { permission: PERMISSION.export },
      schema: {
        tags: ['identity'],
        summary: 'The users of the list (same filters and sort) as an .xlsx file',
        querystring: exportUsersQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await users.export(request.query, principalOf(request), requestContext(request));
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/identity/users/email-address/:emailAddress/is-available',
    {
      config: { permission: PERMISSION.availability },
      schema: {
        tags: ['identity'],
        summary: 'Whether no user has this e-mail address (case-insensitive)',
        params: emailAvailabilityParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => users.isEmailAddressAvailable(request.params.emailAddress),
  );

  app.get(
    '/identity/users/username/:username/is-available',
    {
      config: { permission: PERMISSION.availability },
      schema: {
        tags: ['identity'],
        summary: 'Whether no user has this username (case-insensitive)',
        params: usernameAvailabilityParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => users.isUsernameAvailable(request.params.username),
  );

  app.get(
    '/identity/users/advisors/all',
    {
      config: { permission: PERMISSION.peopleOptions },
      schema: {
        tags: ['identity'],
        summary: 'Active advisors as dropdown options',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => users.advisorOptions(),
  );

  app.get(
    '/identity/users/supervisors/all',
    {
      config: { permission: PERMISSION.peopleOptions },
      schema: {
        tags: ['identity'],
        summary: 'Active supervisors as dropdown options',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => users.supervisorOptions(),
  );

  app.get(
    '/identity/users/:id',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: ['identity'],
        summary: 'One user, with the ids the edit form starts from',
        description: 'Answers an ETag (also `version`) for If-Match on the edit.',
        params: idParamsSchema,
        response: { 200: userDetailsDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await users.getById(request.params.id)),
  );

  app.post(
    '/identity/users',
    {
      config: { permission: PERMISSION.add },
      schema: {
        tags: ['identity'],
        summary: 'Create a user; the username is derived from the e-mail address',
        description: 'The role is `roleId`, or a one-item `roles` list as existing clients send it.',
        body: createUserInputSchema,
        response: { 201: userDetailsDtoSchema },
      },
    },
    async (request, reply) => {
      const user = await users.create(request.body, principalOf(request), requestContext(request));
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/identity/users/:id',
    {
      config: { permission: PERMISSION.edit },
      schema: {
        tags: ['identity'],
        summary: "Edit a user; a role change (never to or from client) ends the user's sessions",
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        body: updateUserInputSchema,
        response: { 200: userDetailsDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(
        reply,
        await users.update(
          request.params.id,
          request.body,
          principalOf(request),
          requestContext(request),
          ifMatchOf(request),
        ),
      ),
  );

  app.patch(
    '/identity/users/:id/activate',
    {
      config: { permission: PERMISSION.changeStatus },
      schema: {
        tags: ['identity'],
        summary: 'Activate a user',
        description: `The list's rows carry each user's \`version\`. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.setActive(request.params.id, true, principalOf(request), requestContext(request), ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/identity/users/:id/deactivate',
    {
      config: { permission: PERMISSION.changeStatus },
      schema: {
        tags: ['identity'],
        summary: "Deactivate a user and end the user's sessions",
        description: `The list's rows carry each user's \`version\`. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.setActive(
        request.params.id,
        false,
        principalOf(request),
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/identity/users/:id/reset-password',
    {
      config: { permission: PERMISSION.resetPassword },
      schema: {
        tags: ['identity'],
        summary: "Set a user's password and end the user's sessions",
        params: idParamsSchema,
        body: resetUserPasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await users.resetPassword(request.params.id, request.body, principalOf(request), requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
