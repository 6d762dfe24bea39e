import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  roleOptionSchema,
  idParamsSchema,
  listRolesQuerySchema,
  pagedRolesSchema,
  permissionDtoSchema,
  roleDisplayNameParamsSchema,
  roleDtoSchema,
  roleInputSchema,
  roleNameParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { Actor, RolesService } from './roles.service.js';

const TAGS = ['identity'];

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/** Roles administration (spec 01 sections 2.12, 5, 6 and 7). */
export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  app.get(
    '/identity/roles',
    {
      config: { permission: 'role:list' },
      schema: {
        tags: TAGS,
        summary: 'Roles, one page, with their permissions',
        querystring: listRolesQuerySchema,
        response: { 200: pagedRolesSchema },
      },
    },
    async (request) => roles.list(request.query),
  );

  app.get(
    '/identity/roles/all',
    {
      // The users screen offers roles in its form and its search.
      config: { permission: 'role:list|user:list' },
      schema: {
        tags: TAGS,
        summary: 'All roles as dropdown options, with the role name form rules depend on',
        response: { 200: z.array(roleOptionSchema) },
      },
    },
    async () => roles.options(),
  );

  app.get(
    '/identity/roles/name/:name/is-available',
    {
      config: { permission: 'role:add|role:edit' },
      schema: {
        tags: TAGS,
        summary: 'Whether no role has this name (case-insensitive)',
        params: roleNameParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => roles.isAvailable('name', request.params.name),
  );

  app.get(
    '/identity/roles/display-name/:displayName/is-available',
    {
      config: { permission: 'role:add|role:edit' },
      schema: {
        tags: TAGS,
        summary: 'Whether no role has this display name (case-insensitive)',
        params: roleDisplayNameParamsSchema,
        response: { 200: z.boolean() },
      },
    },
    async (request) => roles.isAvailable('displayName', request.params.displayName),
  );

  app.get(
    '/identity/roles/:id',
    {
      config: { permission: 'role:list' },
      schema: {
        tags: TAGS,
        summary: 'One role with its permissions',
        description: 'Answers an ETag (also `version`) for If-Match on the edit and the delete.',
        params: idParamsSchema,
        response: { 200: roleDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await roles.get(request.params.id)),
  );

  app.post(
    '/identity/roles',
    {
      config: { permission: 'role:add' },
      schema: {
        tags: TAGS,
        summary: 'Create a role',
        body: roleInputSchema,
        response: { 201: roleDtoSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await roles.create(actorOf(request), request.body)),
  );

  app.put(
    '/identity/roles/:id',
    {
      config: { permission: 'role:edit' },
      schema: {
        tags: TAGS,
        summary: "Edit a role; a static role keeps its name and permissions. Its users' next request sees the change",
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        body: roleInputSchema,
        response: { 200: roleDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await roles.update(actorOf(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/identity/roles/:id',
    {
      config: { permission: 'role:delete' },
      schema: {
        tags: TAGS,
        summary: 'Delete a role that is not static and not assigned to any user',
        description: `The list's rows carry each role's \`version\`. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await roles.remove(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/identity/permissions/all',
    {
      config: { permission: 'role:list' },
      schema: {
        tags: TAGS,
        summary: 'Every permission a role can hold, with its area',
        response: { 200: z.array(permissionDtoSchema) },
      },
    },
    async () => roles.permissionCatalogue(),
  );
};
