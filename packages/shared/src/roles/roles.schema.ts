import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { ALL_PERMISSIONS } from '../permissions/catalogue.js';
import { isGrantablePermission } from './role-permissions.js';

export * from './role-permissions.js';

/** `GET identity/permissions/all`: every permission of the catalogue with the area it belongs to. */
export const permissionDtoSchema = z.object({ id: z.string(), displayName: z.string(), area: z.string() });
export type PermissionDto = z.infer<typeof permissionDtoSchema>;

export const rolePermissionDtoSchema = z.object({ id: z.string(), displayName: z.string() });
export type RolePermissionDto = z.infer<typeof rolePermissionDtoSchema>;

/** Spec 01 section 3 (Role). */
export const roleDtoSchema = z.object({
  id: z.number().int(),
  /** The role row's version (it moves with its permissions too): If-Match on the edit and delete (issue 21). */
  version: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  isStatic: z.boolean(),
  permissions: z.array(rolePermissionDtoSchema),
});
export type RoleDto = z.infer<typeof roleDtoSchema>;
export const pagedRolesSchema = pagedSchema(roleDtoSchema);

export const ROLE_SORT_KEYS = ['name', 'displayName', 'description'] as const;

/** Name and display name filters are "contains", case-insensitive. */
export const listRolesQuerySchema = listQuerySchema.extend({
  name: z.string().trim().max(TEXT_LIMIT.name).optional(),
  displayName: z.string().trim().max(TEXT_LIMIT.name).optional(),
});
export type ListRolesQuery = z.infer<typeof listRolesQuerySchema>;

/** Create and edit (spec 01 section 5): name, display name and at least one permission. */
export const roleInputSchema = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMIT.name),
  displayName: z.string().trim().min(1).max(TEXT_LIMIT.name),
  description: z.string().trim().max(TEXT_LIMIT.shortText).nullish(),
  permissions: z
    .array(
      z
        .string()
        .trim()
        .max(TEXT_LIMIT.name)
        .refine(isGrantablePermission, { message: 'Not a permission of the catalogue.' }),
    )
    .min(1)
    // Every catalogue entry and every area at most: a longer list can only hold repeats.
    .max(ALL_PERMISSIONS.length * 2),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleNameParamsSchema = z.object({ name: z.string().trim().min(1).max(TEXT_LIMIT.name) });
export const roleDisplayNameParamsSchema = z.object({ displayName: z.string().trim().min(1).max(TEXT_LIMIT.name) });

/**
 * `GET identity/roles/all`: a dropdown option that also carries the role's name, because forms apply
 * rules by role (a client needs an advisor, an employee a department).
 */
export const roleOptionSchema = z.object({ value: z.string(), displayText: z.string(), name: z.string() });
export type RoleOption = z.infer<typeof roleOptionSchema>;
