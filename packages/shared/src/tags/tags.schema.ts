import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/** Colours are stored and sent as `#RRGGBB` (what Mantine's ColorInput produces in hex format). */
export const TAG_GROUP_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** Error codes of the tags routes the screens word themselves. */
export const TAG_ERROR = {
  /**
   * 409 on deleting a tag (or a group with a tag) that documents carry; `details.documentCount` says
   * how many documents.
   */
  inUse: 'TAG_IN_USE',
} as const;

/** `details` of a TAG_IN_USE error. */
export const tagInUseDetailsSchema = z.object({ documentCount: z.number().int().nonnegative() });
export type TagInUseDetails = z.infer<typeof tagInUseDetailsSchema>;

/** Bounds on the id lists a request may carry (a firm has a handful of services and tag groups). */
export const TAG_LIMIT = {
  relatedIds: 100,
  reorderIds: 1000,
} as const;

const nameSchema = z.string().trim().min(1).max(TEXT_LIMIT.name);
const idListSchema = z
  .array(idSchema)
  .max(TAG_LIMIT.relatedIds)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each id may appear only once' });

/** `version` is the tag's version (its ETag): sent back as If-Match, a save over a newer one answers 412. */
export const tagDtoSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  tagGroupId: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
  /** Main-group tags only: the services this document kind applies to. */
  servicesItDepends: z.array(z.number().int()),
  /** Main-group tags only: the tag groups that choosing this tag makes available. */
  tagGroupsItActivates: z.array(z.number().int()),
});
export type TagDto = z.infer<typeof tagDtoSchema>;

/**
 * `version` is the group's own version (its name, colour, main flag and place in the order); each of
 * its tags has its own.
 */
export const tagGroupDtoSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  name: z.string(),
  displayName: z.string(),
  isMainTagGroup: z.boolean(),
  color: z.string(),
  ordinal: z.number().int(),
  tags: z.array(tagDtoSchema),
});
export type TagGroupDto = z.infer<typeof tagGroupDtoSchema>;

/**
 * `GET document/tag-groups`: every group in display order (no paging: the screen shows them all so
 * they can be reordered by dragging). `text` matches group and tag names; `isActive` filters the tags
 * listed under each group, not the groups.
 */
export const listTagGroupsQuerySchema = listQuerySchema.pick({ sortedBy: true, sortedDesc: true }).extend({
  text: z.string().trim().max(TEXT_LIMIT.name).optional(),
  isActive: booleanQuery.optional(),
});
export type ListTagGroupsQuery = z.infer<typeof listTagGroupsQuerySchema>;

export const tagGroupListSchema = pagedSchema(tagGroupDtoSchema);
export type TagGroupList = z.infer<typeof tagGroupListSchema>;

export const tagGroupInputSchema = z.object({
  name: nameSchema,
  displayName: nameSchema,
  color: z.string().trim().regex(TAG_GROUP_COLOR_PATTERN),
  isMainTagGroup: z.boolean().default(false),
});
export type TagGroupInput = z.infer<typeof tagGroupInputSchema>;

/**
 * `versions` (optional): the version of each group as the screen loaded it, by id. When given, a group
 * saved since (renamed, deleted, or moved by another reorder) refuses the whole order with 412
 * STALE_VERSION and nothing moves; a group left out of `versions` is not checked.
 */
export const reorderTagGroupsInputSchema = z
  .object({
    ids: z
      .array(idSchema)
      .min(1)
      .max(TAG_LIMIT.reorderIds)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each id may appear only once' }),
    /** One per id, in the same order (as for the other bulk changes). */
    versions: z.array(z.string().max(TEXT_LIMIT.name)).max(TAG_LIMIT.reorderIds).optional(),
  })
  .refine((input) => input.versions === undefined || input.versions.length === input.ids.length, {
    message: 'One version per id, in the same order.',
    path: ['versions'],
  });
export type ReorderTagGroupsInput = z.infer<typeof reorderTagGroupsInputSchema>;

/** Edit form of a tag: its group is fixed once created. */
export const tagInputSchema = z.object({
  name: nameSchema,
  displayName: nameSchema,
  servicesItDepends: idListSchema.default([]),
  tagGroupsItActivates: idListSchema.default([]),
});
export type TagInput = z.infer<typeof tagInputSchema>;

export const createTagInputSchema = tagInputSchema.extend({ tagGroupId: idSchema });
export type CreateTagInput = z.infer<typeof createTagInputSchema>;

/** Path parameters of the availability checks; a value taken by nobody answers `true`. */
export const tagNameParamsSchema = z.object({ name: nameSchema });
export const tagDisplayNameParamsSchema = z.object({ displayName: nameSchema });
export const tagAvailabilityQuerySchema = z.object({ tagGroupId: idSchema });
export const tagAvailabilitySchema = z.boolean();
