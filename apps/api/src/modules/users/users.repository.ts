import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { departments, rolePermissions, roles, userRoles, users } from '../../db/schema/index.js';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

const TAX_DEPARTMENT = 'tax';

export function createUsersRepository({ db }: { db: DbOrTx }) {
  const userColumns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    emailAddress: users.emailAddress,
    phoneNumber: users.phoneNumber,
    extension: users.extension,
    departmentId: users.departmentId,
    isActive: users.isActive,
    isLeadOnboardingCompleted: users.isLeadOnboardingCompleted,
    leadIdHash: users.leadIdHash,
    currentClientId: users.currentClientId,
    isTaxEmployee: sql<boolean>`coalesce(lower(${departments.name}) = ${TAX_DEPARTMENT}, false)`,
  };

  return {
    /** Sign-in accepts the username or the e-mail address, both case-insensitive. */
    async findByLogin(usernameOrEmail: string, tx: DbOrTx = db) {
      const needle = usernameOrEmail.toLowerCase();
      const [row] = await tx
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(or(sql`lower(${users.username}) = ${needle}`, sql`lower(${users.emailAddress}) = ${needle}`))
        .limit(1);
      return row ?? null;
    },

    async findById(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select(userColumns)
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    async findRoles(userId: number, tx: DbOrTx = db) {
      return tx
        .select({ id: roles.id, name: roles.name, displayName: roles.displayName })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(roles.id);
    },

    async findPermissions(userId: number, tx: DbOrTx = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ permission: rolePermissions.permission })
        .from(userRoles)
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(rolePermissions.permission);
      return rows.map((row) => row.permission);
    },

    async setCurrentClient(userId: number, clientId: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ currentClientId: clientId, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}
