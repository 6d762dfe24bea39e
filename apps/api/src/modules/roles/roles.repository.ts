import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListRolesQuery } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { rolePermissions, roles, userRoles } from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';

export type RolesRepository = ReturnType<typeof createRolesRepository>;
export type RoleRow = NonNullable<Awaited<ReturnType<RolesRepository['findById']>>>;
export type RoleField = 'name' | 'displayName';

export interface RoleValues {
  name: string;
  displayName: string;
  description: string | null;
}

const columns = {
  id: roles.id,
  name: roles.name,
  displayName: roles.displayName,
  description: roles.description,
  isStatic: roles.isStatic,
  /** The role row's version; every change of its permissions updates the row too (`update`). */
  version: rowVersion(roles),
};

const sortable = { name: roles.name, displayName: roles.displayName, description: roles.description };

export function createRolesRepository({ db }: { db: DbOrTx }) {
  return {
    /** One page and the total, both filtered in SQL. */
    async findMany(query: ListRolesQuery, tx: DbOrTx = db) {
      const conditions: SQL[] = [];
      if (query.name) conditions.push(containsIgnoreCase(roles.name, query.name));
      if (query.displayName) conditions.push(containsIgnoreCase(roles.displayName, query.displayName));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select(columns)
          .from(roles)
          .where(where)
          .orderBy(...orderByFromQuery(sortable, query, { key: 'name' }, roles.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(roles).where(where),
      ]);
      return { rows, totalCount: total?.n ?? 0 };
    },

    async findById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select(columns).from(roles).where(eq(roles.id, id)).limit(1);
      return row ?? null;
    },

    findAllOptions(tx: DbOrTx = db) {
      return tx
        .select({ id: roles.id, name: roles.name, displayName: roles.displayName })
        .from(roles)
        .orderBy(asc(sql`lower(${roles.displayName})`), asc(roles.id));
    },

    /** Permissions of several roles at once: the list page asks for its rows' in one query. */
    async findPermissions(roleIds: number[], tx: DbOrTx = db) {
      if (roleIds.length === 0) return [];
      return tx
        .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(inArray(rolePermissions.roleId, roleIds))
        .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permission));
    },

    /** Case-insensitive, like the unique indexes on lower(name) and lower(display_name). */
    async isTaken(field: RoleField, value: string, exceptId?: number, tx: DbOrTx = db): Promise<boolean> {
      const column = field === 'name' ? roles.name : roles.displayName;
      const conditions = [sql`lower(${column}) = ${value.toLowerCase()}`];
      if (exceptId !== undefined) conditions.push(ne(roles.id, exceptId));
      const [row] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(...conditions))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Locks the role's row and refuses a stale If-Match (412, lib/row-version.ts); false when there is
     * no such role.
     */
    async lockVersion(id: number, expected: string[] | null, tx: DbOrTx): Promise<boolean> {
      const version = await lockCurrentVersion(tx, {
        table: roles,
        where: eq(roles.id, id),
        expected,
        objectType: 'role',
        objectId: id,
      });
      return version !== null;
    },

    async countUsers(roleId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, roleId));
      return row?.n ?? 0;
    },

    async insert(values: RoleValues, tx: DbOrTx = db) {
      const [row] = await tx.insert(roles).values(values).returning(columns);
      return row!;
    },

    /**
     * Always writes the row, even when only the permissions (child rows) change, so the role's version
     * moves with them.
     */
    async update(id: number, values: RoleValues, tx: DbOrTx = db): Promise<void> {
      await tx.update(roles).set(values).where(eq(roles.id, id));
    },

    async replacePermissions(roleId: number, permissions: readonly string[], tx: DbOrTx = db): Promise<void> {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissions.length > 0) {
        await tx.insert(rolePermissions).values(permissions.map((permission) => ({ roleId, permission })));
      }
    },

    /** Its permissions go with it (on delete cascade). */
    async delete(id: number, tx: DbOrTx = db): Promise<void> {
      await tx.delete(roles).where(eq(roles.id, id));
    },
  };
}
