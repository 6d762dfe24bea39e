import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { rolePermissions, roles, userRoles } from '../db/schema/index.js';

/** A role with unique names and the given permissions (default: role:list). */
export async function createRole(
  db: Db,
  overrides: Partial<typeof roles.$inferInsert> & { permissions?: string[]; userIds?: number[] } = {},
) {
  const { permissions = ['role:list'], userIds = [], ...columns } = overrides;
  const unique = randomBytes(4).toString('hex');
  const [role] = await db
    .insert(roles)
    .values({ name: `role-${unique}`, displayName: `Role ${unique}`, ...columns })
    .returning();
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: role!.id, permission })));
  }
  for (const userId of userIds) await db.insert(userRoles).values({ userId, roleId: role!.id });
  return { ...role!, permissions };
}
