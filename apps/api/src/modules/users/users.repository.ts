import { and, asc, count, eq, exists, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserSortKey } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { departments, rolePermissions, roles, userRoles, userTwoFactor, users } from '../../db/schema/index.js';
import { containsIgnoreCase, phoneContains, orderByFromQuery, runPrepared } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** The Users screen's filters, resolved by the service (invitedByMe becomes the caller's id). */
export interface UserListFilters {
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  /** Name or e-mail address. */
  search?: string;
  roleId?: number;
  advisorId?: number;
  departmentId?: number;
  isActive?: boolean;
  inviterUserId?: number;
}

export interface UserListSort {
  sortedBy?: string;
  sortedDesc?: boolean;
}

/** Columns an administrator sets on a user (create and edit). */
export interface UserWritableColumns {
  firstName: string;
  lastName: string;
  emailAddress: string;
  username: string;
  phoneNumber: string;
  extension: string | null;
  advisorUserId: number | null;
  supervisorUserId: number | null;
  departmentId: number | null;
}

const inviter = alias(users, 'inviter');
const advisor = alias(users, 'advisor');
const supervisor = alias(users, 'supervisor');
const fullNameOf = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

/** LIKE wildcards in a user's text are taken literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

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

    /**
     * The user with their roles' display names (by role id), in one statement: GET users/me runs on
     * every page load. The principal carries role names only, and display names are edited on the
     * Roles screen, so they are read here rather than taken from it.
     */
    async findWithRoleDisplayNames(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          ...userColumns,
          version: rowVersion(users),
          roleDisplayNames: sql<string[]>`array(
            select ${roles.displayName} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
            where ${userRoles.userId} = ${users.id} order by ${roles.id})`,
        })
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

    // ---- Users administration (spec 01 sections 2.13, 4.7, 5) ----

    /**
     * One page of the Users list, filtered, sorted and paged in SQL; prepared per shape (ADR 0009).
     * The page's ids are chosen first, from the users row and the joins the sort needs; the row's
     * other joins and subqueries then run for those ids only. Read in one pass, PostgreSQL evaluated
     * a subquery it costs as nearly free (the two-factor EXISTS while user_two_factor is empty) on
     * every user before sorting: 25k probes on the large firm. The order is applied again to the
     * page's rows; the id tie-breaker makes it total, so both orders agree.
     */
    findPage(filters: UserListFilters, sort: UserListSort, page: { limit: number; offset: number }, tx: DbOrTx = db) {
      const pageIds = tx
        .select({ id: users.id })
        .from(users)
        .leftJoin(inviter, eq(inviter.id, users.inviterUserId))
        .leftJoin(advisor, eq(advisor.id, users.advisorUserId))
        .where(adminFilters(filters))
        .orderBy(...adminOrder(sort))
        .limit(page.limit)
        .offset(page.offset);
      return runPrepared(
        selectAdminRows(tx)
          .where(inArray(users.id, pageIds))
          .orderBy(...adminOrder(sort)),
      );
    },

    async count(filters: UserListFilters, tx: DbOrTx = db): Promise<number> {
      const [row] = await runPrepared(tx.select({ n: count() }).from(users).where(adminFilters(filters)));
      return row?.n ?? 0;
    },

    async findAdminById(id: number, tx: DbOrTx = db) {
      const [row] = await selectAdminRows(tx).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Locks the user's row and refuses a stale If-Match (412, lib/row-version.ts); false when there is
     * no such user. The users row is the version of the user (the role change touches it too).
     */
    async lockVersion(userId: number, expected: string[] | null, tx: DbOrTx): Promise<boolean> {
      const version = await lockCurrentVersion(tx, {
        table: users,
        where: eq(users.id, userId),
        expected,
        objectType: 'user',
        objectId: userId,
      });
      return version !== null;
    },

    async isEmailAddressTaken(emailAddress: string, exceptUserId?: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.emailAddress}) = ${emailAddress.toLowerCase()}`,
            exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async isUsernameTaken(username: string, exceptUserId?: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.username}) = ${username.toLowerCase()}`,
            exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Usernames (lower-cased) that start with `prefix`, case-insensitive: to pick a free one. */
    async findUsernamesStartingWith(prefix: string, tx: DbOrTx = db): Promise<Set<string>> {
      const rows = await tx
        .select({ username: sql<string>`lower(${users.username})` })
        .from(users)
        .where(sql`lower(${users.username}) like ${`${escapeLike(prefix.toLowerCase())}%`}`);
      return new Set(rows.map((row) => row.username));
    },

    async findRoleById(roleId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: roles.id, name: roles.name, displayName: roles.displayName })
        .from(roles)
        .where(eq(roles.id, roleId))
        .limit(1);
      return row ?? null;
    },

    /** Active users holding the role `roleName`, by name: the advisor and supervisor dropdowns. */
    findActiveByRoleName(roleName: string, tx: DbOrTx = db) {
      return tx
        .select({ id: users.id, fullName: fullNameOf(users) })
        .from(users)
        .where(and(eq(users.isActive, true), holdsRoleNamed(tx, roleName)))
        .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
    },

    async holdsRole(userId: number, roleName: string, options: { activeOnly: boolean }, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            options.activeOnly ? eq(users.isActive, true) : undefined,
            holdsRoleNamed(tx, roleName),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async departmentExists(departmentId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, departmentId))
        .limit(1);
      return Boolean(row);
    },

    async insert(
      values: UserWritableColumns & { passwordHash: string; inviterUserId: number | null },
      tx: DbOrTx = db,
    ): Promise<number> {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      return row!.id;
    },

    async update(userId: number, values: UserWritableColumns, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** A user holds exactly one role (spec 01 section 3): the chosen one replaces any other. */
    async setRole(userId: number, roleId: number, tx: DbOrTx = db): Promise<void> {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
      await tx.insert(userRoles).values({ userId, roleId });
    },

    async setActive(userId: number, isActive: boolean, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ isActive, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async setPasswordHash(userId: number, passwordHash: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}

export type UserAdminRow = NonNullable<Awaited<ReturnType<UsersRepository['findAdminById']>>>;

function holdsRoleNamed(tx: DbOrTx, roleName: string) {
  return exists(
    tx
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, users.id), eq(roles.name, roleName))),
  );
}

const rolesJson = sql<Array<{ id: number; name: string; displayName: string }>>`coalesce((
  select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}, 'displayName', ${roles.displayName})
    order by ${roles.id})
  from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id}), '[]'::json)`;

/** The users row with the names the list shows, joined once; every list and detail read goes through it. */
function selectAdminRows(tx: DbOrTx) {
  return tx
    .select({
      id: users.id,
      version: rowVersion(users),
      firstName: users.firstName,
      lastName: users.lastName,
      emailAddress: users.emailAddress,
      username: users.username,
      phoneNumber: users.phoneNumber,
      extension: users.extension,
      isActive: users.isActive,
      roles: rolesJson,
      // A primary-key probe per row of the page; a row whose enrolment was never confirmed is not on.
      twoFactorEnabled: sql<boolean>`exists(
        select 1 from ${userTwoFactor}
        where ${userTwoFactor.userId} = ${users.id} and ${userTwoFactor.enabledAt} is not null)`,
      inviterUserId: users.inviterUserId,
      inviterFullName: sql<string | null>`${fullNameOf(inviter)}`,
      advisorUserId: users.advisorUserId,
      advisorFullName: sql<string | null>`${fullNameOf(advisor)}`,
      supervisorUserId: users.supervisorUserId,
      supervisorFullName: sql<string | null>`${fullNameOf(supervisor)}`,
      departmentId: users.departmentId,
      departmentDisplayName: departments.displayName,
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.inviterUserId))
    .leftJoin(advisor, eq(advisor.id, users.advisorUserId))
    .leftJoin(supervisor, eq(supervisor.id, users.supervisorUserId))
    .leftJoin(departments, eq(departments.id, users.departmentId));
}

function adminFilters(filters: UserListFilters): SQL | undefined {
  return and(
    filters.firstName ? containsIgnoreCase(users.firstName, filters.firstName) : undefined,
    filters.lastName ? containsIgnoreCase(users.lastName, filters.lastName) : undefined,
    filters.emailAddress ? containsIgnoreCase(users.emailAddress, filters.emailAddress) : undefined,
    filters.phoneNumber ? phoneContains(users.phoneNumber, filters.phoneNumber) : undefined,
    filters.search
      ? or(
          containsIgnoreCase(sql`${users.firstName} || ' ' || ${users.lastName}`, filters.search),
          containsIgnoreCase(users.emailAddress, filters.search),
        )
      : undefined,
    filters.roleId === undefined
      ? undefined
      : sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${filters.roleId})`,
    filters.advisorId === undefined ? undefined : eq(users.advisorUserId, filters.advisorId),
    filters.departmentId === undefined ? undefined : eq(users.departmentId, filters.departmentId),
    filters.isActive === undefined ? undefined : eq(users.isActive, filters.isActive),
    filters.inviterUserId === undefined ? undefined : eq(users.inviterUserId, filters.inviterUserId),
  );
}

const SORTABLE: Record<UserSortKey, SQL | typeof users.isActive> = {
  fullName: sql`lower(${fullNameOf(users)})`,
  emailAddress: sql`lower(${users.emailAddress})`,
  username: sql`lower(${users.username})`,
  inviter: sql`lower(${fullNameOf(inviter)})`,
  phoneNumber: sql`${users.phoneNumber}`,
  roles: sql`(select min(lower(${roles.displayName})) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id})`,
  advisor: sql`lower(${fullNameOf(advisor)})`,
  isActive: users.isActive,
};

function adminOrder(sort: UserListSort): SQL[] {
  return orderByFromQuery(SORTABLE, sort, { key: 'fullName' }, users.id);
}
