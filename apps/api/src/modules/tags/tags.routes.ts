import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createTagInputSchema,
  dropdownOptionSchema,
  idParamsSchema,
  listTagGroupsQuerySchema,
  reorderTagGroupsInputSchema,
  tagAvailabilityQuerySchema,
  tagAvailabilitySchema,
  tagDisplayNameParamsSchema,
  tagDtoSchema,
  tagGroupDtoSchema,
  tagGroupInputSchema,
  tagGroupListSchema,
  tagInputSchema,
  tagNameParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { Actor, TagsService } from './tags.service.js';

const TAGS = ['document'];
const noContent = { 204: z.null().describe('No content') };

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/** Tag groups and tags administration (spec 01 sections 2.14, 4.7, 5 and 7). */
export const tagsRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags }) => {
  app.get(
    '/document/tag-groups',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'Tag groups in display order with their tags',
        querystring: listTagGroupsQuerySchema,
        response: { 200: tagGroupListSchema },
      },
    },
    async (request) => tags.listGroups(request.query),
  );

  app.get(
    '/document/tag-groups/all',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'All tag groups as dropdown options, in display order',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => tags.groupOptions(),
  );

  app.get(
    '/document/tag-groups/name/:name/is-available',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'Whether no tag group has this name (case-insensitive)',
        params: tagNameParamsSchema,
        response: { 200: tagAvailabilitySchema },
      },
    },
    async (request) => tags.isGroupValueAvailable('name', request.params.name),
  );

  app.get(
    '/document/tag-groups/display-name/:displayName/is-available',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'Whether no tag group has this display name (case-insensitive)',
        params: tagDisplayNameParamsSchema,
        response: { 200: tagAvailabilitySchema },
      },
    },
    async (request) => tags.isGroupValueAvailable('displayName', request.params.displayName),
  );

  app.get(
    '/document/tag-groups/:id',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'One tag group with all its tags; ETag and `version` are what a save sends as If-Match',
        params: idParamsSchema,
        response: { 200: tagGroupDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await tags.getGroup(request.params.id)),
  );

  app.post(
    '/document/tag-groups',
    {
      config: { permission: 'tag:add' },
      schema: {
        tags: TAGS,
        summary: 'Create a tag group; it goes to the end of the order',
        body: tagGroupInputSchema,
        response: { 201: tagGroupDtoSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tags.createGroup(actorOf(request), request.body)),
  );

  app.put(
    '/document/tag-groups/reorder',
    {
      config: { permission: 'tag:edit' },
      schema: {
        tags: TAGS,
        summary: 'Set the display order: every tag group id exactly once, first to last',
        description:
          '`versions` (optional) gives, for each id in the same order, the `version` the screen loaded: when any ' +
          'of them was saved since (or is gone), the order is refused with 412 STALE_VERSION, naming who changed ' +
          'it last, and nothing moves; without `versions` the order is saved unconditionally. If-Match is not ' +
          'used here: one ETag cannot stand for several groups.',
        body: reorderTagGroupsInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await tags.reorderGroups(actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/document/tag-groups/:id',
    {
      config: { permission: 'tag:edit' },
      schema: {
        tags: TAGS,
        summary: 'Edit a tag group',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        body: tagGroupInputSchema,
        response: { 200: tagGroupDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await tags.updateGroup(actorOf(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/document/tag-groups/:id',
    {
      config: { permission: 'tag:delete' },
      schema: {
        tags: TAGS,
        summary: 'Delete a tag group and its tags',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await tags.deleteGroup(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/document/tags/name/:name/is-available',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'Whether no tag of the group has this name (case-insensitive)',
        params: tagNameParamsSchema,
        querystring: tagAvailabilityQuerySchema,
        response: { 200: tagAvailabilitySchema },
      },
    },
    async (request) => tags.isTagValueAvailable(request.query.tagGroupId, 'name', request.params.name),
  );

  app.get(
    '/document/tags/display-name/:displayName/is-available',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'Whether no tag of the group has this display name (case-insensitive)',
        params: tagDisplayNameParamsSchema,
        querystring: tagAvailabilityQuerySchema,
        response: { 200: tagAvailabilitySchema },
      },
    },
    async (request) => tags.isTagValueAvailable(request.query.tagGroupId, 'displayName', request.params.displayName),
  );

  app.get(
    '/document/tags/:id',
    {
      config: { permission: 'tag:list' },
      schema: {
        tags: TAGS,
        summary: 'One tag; ETag and `version` are what a save sends as If-Match',
        params: idParamsSchema,
        response: { 200: tagDtoSchema },
      },
    },
    async (request, reply) => withEtag(reply, await tags.getTag(request.params.id)),
  );

  app.post(
    '/document/tags',
    {
      config: { permission: 'tag:add' },
      schema: {
        tags: TAGS,
        summary: 'Create a tag in a group (services and activated groups only in the main group)',
        body: createTagInputSchema,
        response: { 201: tagDtoSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await tags.createTag(actorOf(request), request.body)),
  );

  app.put(
    '/document/tags/:id',
    {
      config: { permission: 'tag:edit' },
      schema: {
        tags: TAGS,
        summary: 'Edit a tag',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        body: tagInputSchema,
        response: { 200: tagDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await tags.updateTag(actorOf(request), request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/document/tags/:id',
    {
      config: { permission: 'tag:delete' },
      schema: {
        tags: TAGS,
        summary: 'Delete a tag',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await tags.deleteTag(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/document/tags/:id/activate',
    {
      config: { permission: 'tag:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Activate a tag',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 200: tagDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await tags.setTagActive(actorOf(request), request.params.id, true, ifMatchOf(request))),
  );

  app.patch(
    '/document/tags/:id/deactivate',
    {
      config: { permission: 'tag:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Deactivate a tag',
        description: IF_MATCH_NOTE,
        params: idParamsSchema,
        response: { 200: tagDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await tags.setTagActive(actorOf(request), request.params.id, false, ifMatchOf(request))),
  );
};
