import { PassThrough, type Readable } from 'node:stream';
import {
  ERROR_CODE,
  ROLE_NAME,
  TEXT_LIMIT,
  USER_SORT_KEYS,
  userRoleRuleIssues,
  type CreateUserInput,
  type DropdownOption,
  type ExportUsersQuery,
  type ListUsersQuery,
  type Paged,
  type ResetUserPasswordInput,
  type UpdateUserInput,
  type UserDetailsDto,
  type UserListItemDto,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { exportBatches } from '../../lib/export-batches.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal, SessionsRepository } from '../auth/index.js';
import { usersExportFileName, writeUsersWorkbook } from './users.export.js';
import type {
  UserAdminRow,
  UserListFilters,
  UserListSort,
  UsersRepository,
  UserWritableColumns,
} from './users.repository.js';

/** Rows fetched per round trip while streaming an export. */
export const EXPORT_BATCH_SIZE = 1000;

type FieldIssue = { field: string; message: string };

/** Same shape as the validation errors the schemas produce, so clients read one format. */
function invalid(issues: FieldIssue[]): BadRequestError {
  return new BadRequestError(
    'The request is not valid.',
    ERROR_CODE.validation,
    issues.map((issue) => ({ in: 'body', ...issue })),
  );
}

function toListItem(row: UserAdminRow): UserListItemDto {
  return {
    id: row.id,
    version: row.version,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`,
    emailAddress: row.emailAddress,
    username: row.username,
    phoneNumber: row.phoneNumber,
    extension: row.extension,
    isActive: row.isActive,
    roles: row.roles,
    twoFactorEnabled: row.twoFactorEnabled,
    inviter:
      row.inviterUserId === null || row.inviterFullName === null
        ? null
        : { id: row.inviterUserId, fullName: row.inviterFullName },
    advisor:
      row.advisorUserId === null || row.advisorFullName === null
        ? null
        : { id: row.advisorUserId, fullName: row.advisorFullName },
    department:
      row.departmentId === null || row.departmentDisplayName === null
        ? null
        : { id: row.departmentId, displayName: row.departmentDisplayName },
    supervisor:
      row.supervisorUserId === null || row.supervisorFullName === null
        ? null
        : { id: row.supervisorUserId, fullName: row.supervisorFullName },
  };
}

function toDetails(row: UserAdminRow): UserDetailsDto {
  return {
    ...toListItem(row),
    roleId: row.roles[0]?.id ?? null,
    advisorUserId: row.advisorUserId,
    supervisorUserId: row.supervisorUserId,
    departmentId: row.departmentId,
  };
}

function filtersOf(query: ExportUsersQuery, caller: Principal): UserListFilters {
  return {
    firstName: query.firstName,
    lastName: query.lastName,
    emailAddress: query.emailAddress,
    phoneNumber: query.phoneNumber,
    search: query.search,
    roleId: query.roleId,
    advisorId: query.advisorId,
    departmentId: query.departmentId,
    isActive: query.isActive,
    inviterUserId: query.invitedByMe ? caller.userId : undefined,
  };
}

const SORT_KEY = new Map<string, string>(USER_SORT_KEYS.map((key) => [key.toLowerCase(), key]));

/** Sort keys are matched case-insensitively too (`FullName` sorts like `fullName`). */
function sortOf(query: ExportUsersQuery): UserListSort {
  const sortedBy = query.sortedBy ? SORT_KEY.get(query.sortedBy.toLowerCase()) : undefined;
  return { sortedBy, sortedDesc: query.sortedDesc };
}

const UNIQUE_VIOLATION = '23505';
const EMAIL_CONSTRAINT = 'users_email_address_key';
const USERNAME_CONSTRAINT = 'users_username_key';
/** Tries at a derived username before an insert gives up; each try sees the usernames taken meanwhile. */
const DERIVED_USERNAME_ATTEMPTS = 5;

/** The unique index a write ran into, if that is why it failed (Drizzle keeps the driver error as `cause`). */
function violatedConstraint(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Two requests racing past the uniqueness checks meet the unique indexes; the answer still names the
 * value. Anything else is rethrown as it was.
 */
function rethrowAsConflict(error: unknown, values: { emailAddress: string; username: string }): never {
  const constraint = violatedConstraint(error);
  if (constraint === EMAIL_CONSTRAINT) {
    throw new ConflictError(`${values.emailAddress} is already taken.`, [{ field: 'emailAddress' }]);
  }
  if (constraint === USERNAME_CONSTRAINT) {
    throw new ConflictError(`${values.username} is already taken.`, [{ field: 'username' }]);
  }
  throw error;
}

/** The e-mail's local part as a username: letters, digits and `._-` only, bounded to leave room for a suffix. */
export function usernameBaseFromEmail(emailAddress: string): string {
  const local = emailAddress.split('@')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, '').slice(0, TEXT_LIMIT.name - 10);
  return cleaned.length > 0 ? cleaned : 'user';
}

/**
 * Inserts a user under the first free username derived from the e-mail (`base`, `base1`, ...). Two
 * creates racing for one name both find it free and the unique index refuses the later insert; that
 * one, inside a savepoint so its transaction lives on, looks again and takes the next free name: the
 * person never chose the name and must not be told it is taken.
 */
export async function insertWithDerivedUsername(
  users: UsersRepository,
  values: Omit<Parameters<UsersRepository['insert']>[0], 'username'>,
  tx: DbOrTx,
): Promise<{ id: number; username: string }> {
  const base = usernameBaseFromEmail(values.emailAddress);
  for (let attempt = 1; ; attempt++) {
    const taken = await users.findUsernamesStartingWith(base, tx);
    let username = base;
    for (let suffix = 1; taken.has(username.toLowerCase()); suffix += 1) username = `${base}${suffix}`;
    try {
      const id = await tx.transaction((savepoint) => users.insert({ ...values, username }, savepoint));
      return { id, username };
    } catch (error) {
      if (attempt < DERIVED_USERNAME_ATTEMPTS && violatedConstraint(error) === USERNAME_CONSTRAINT) continue;
      throw error;
    }
  }
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditLog;
}) {
  const { db, users, sessions, audit } = deps;

  async function loadUser(id: number): Promise<UserAdminRow> {
    const row = await users.findAdminById(id);
    if (!row) throw new NotFoundError('User not found.');
    return row;
  }

  async function loadRole(roleId: number) {
    const role = await users.findRoleById(roleId);
    if (!role) throw invalid([{ field: 'roleId', message: 'UNKNOWN_ROLE' }]);
    return role;
  }

  /**
   * The role-dependent rules (shared with the form), then the referenced people: the advisor must be
   * an advisor and the supervisor a supervisor, active unless the user already had them.
   */
  async function checkRelations(
    roleName: string,
    input: CreateUserInput | UpdateUserInput,
    current: UserAdminRow | null,
  ): Promise<void> {
    const issues: FieldIssue[] = userRoleRuleIssues(roleName, input);
    const failed = new Set(issues.map((issue) => issue.field));
    if (input.advisorUserId !== null && !failed.has('advisorUserId')) {
      const unchanged = current?.advisorUserId === input.advisorUserId;
      if (!(await users.holdsRole(input.advisorUserId, ROLE_NAME.advisor, { activeOnly: !unchanged }))) {
        issues.push({ field: 'advisorUserId', message: 'NOT_AN_ADVISOR' });
      }
    }
    if (input.supervisorUserId !== null && !failed.has('supervisorUserId')) {
      const unchanged = current?.supervisorUserId === input.supervisorUserId;
      if (!(await users.holdsRole(input.supervisorUserId, ROLE_NAME.supervisor, { activeOnly: !unchanged }))) {
        issues.push({ field: 'supervisorUserId', message: 'NOT_A_SUPERVISOR' });
      }
    }
    if (input.departmentId !== null && !failed.has('departmentId')) {
      if (!(await users.departmentExists(input.departmentId))) {
        issues.push({ field: 'departmentId', message: 'UNKNOWN_DEPARTMENT' });
      }
    }
    if (issues.length > 0) throw invalid(issues);
  }

  async function checkUnique(values: { emailAddress: string; username?: string }, exceptUserId?: number) {
    if (await users.isEmailAddressTaken(values.emailAddress, exceptUserId)) {
      throw new ConflictError(`${values.emailAddress} is already taken.`, [{ field: 'emailAddress' }]);
    }
    if (values.username !== undefined && (await users.isUsernameTaken(values.username, exceptUserId))) {
      throw new ConflictError(`${values.username} is already taken.`, [{ field: 'username' }]);
    }
  }

  function writableColumns(input: CreateUserInput | UpdateUserInput, username: string): UserWritableColumns {
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      emailAddress: input.emailAddress,
      username,
      phoneNumber: input.phoneNumber,
      extension: input.extension,
      advisorUserId: input.advisorUserId,
      supervisorUserId: input.supervisorUserId,
      departmentId: input.departmentId,
    };
  }

  return {
    async list(query: ListUsersQuery, caller: Principal): Promise<Paged<UserListItemDto>> {
      const filters = filtersOf(query, caller);
      const [rows, totalCount] = await Promise.all([
        users.findPage(filters, sortOf(query), { limit: query.limit, offset: query.offset }),
        users.count(filters),
      ]);
      return { items: rows.map(toListItem), totalCount };
    },

    /**
     * The list's users, same filters and order, as a streamed .xlsx. The first batch is read before
     * anything is sent, so a failing query still gets a proper error answer; later batches are read
     * as the workbook is written, so the whole result is never in memory.
     */
    async export(
      query: ExportUsersQuery,
      caller: Principal,
      context: RequestContext,
    ): Promise<{ fileName: string; stream: Readable }> {
      const filters = filtersOf(query, caller);
      const batches = await exportBatches({
        batchSize: EXPORT_BATCH_SIZE,
        read: ({ limit, offset }) => users.findPage(filters, sortOf(query), { limit, offset }),
        map: (rows) => rows.map(toListItem),
      });
      await audit.record(context, {
        action: AUDIT_ACTION.usersExported,
        actorUserId: caller.userId,
        objectType: 'user',
        details: { filters: query },
      });
      const stream = new PassThrough();
      writeUsersWorkbook(batches, stream).catch((error: unknown) => stream.destroy(error as Error));
      return { fileName: usersExportFileName(), stream };
    },

    async getById(id: number): Promise<UserDetailsDto> {
      return toDetails(await loadUser(id));
    },

    async create(input: CreateUserInput, caller: Principal, context: RequestContext): Promise<UserDetailsDto> {
      const role = await loadRole(input.roleId);
      await checkRelations(role.name, input, null);
      await checkUnique({ emailAddress: input.emailAddress });
      // Hashed outside the transaction: argon2 is deliberately slow.
      const passwordHash = await hashPassword(input.password);
      let username = usernameBaseFromEmail(input.emailAddress);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const created = await insertWithDerivedUsername(
            users,
            { ...writableColumns(input, username), passwordHash, inviterUserId: caller.userId },
            tx,
          );
          const userId = created.id;
          username = created.username;
          await users.setRole(userId, role.id, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.userCreated,
              actorUserId: caller.userId,
              objectType: 'user',
              objectId: userId,
              details: { role: role.name },
            },
            tx,
          );
          return userId;
        });
      } catch (error) {
        rethrowAsConflict(error, { emailAddress: input.emailAddress, username });
      }
      return toDetails(await loadUser(id));
    },

    async update(
      id: number,
      input: UpdateUserInput,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<UserDetailsDto> {
      const current = await loadUser(id);
      const role = await loadRole(input.roleId);
      const currentRole = current.roles[0] ?? null;
      const roleChanged = currentRole?.id !== role.id;
      // A client user's account is tied to their client records, and a staff user cannot become one.
      if (roleChanged && (currentRole?.name === ROLE_NAME.client || role.name === ROLE_NAME.client)) {
        throw invalid([{ field: 'roleId', message: 'CLIENT_ROLE_CANNOT_CHANGE' }]);
      }
      if (roleChanged && id === caller.userId) {
        throw invalid([{ field: 'roleId', message: 'OWN_ROLE_CANNOT_CHANGE' }]);
      }
      await checkRelations(role.name, input, current);
      await checkUnique({ emailAddress: input.emailAddress, username: input.username }, id);

      const columns = writableColumns(input, input.username);
      const changedFields: string[] = (Object.keys(columns) as Array<keyof UserWritableColumns>).filter(
        (key) => columns[key] !== current[key],
      );
      if (roleChanged) changedFields.push('roleId');
      try {
        await db.transaction(async (tx) => {
          if (!(await users.lockVersion(id, expected, tx))) throw new NotFoundError('User not found.');
          await users.update(id, columns, tx);
          if (roleChanged) {
            await users.setRole(id, role.id, tx);
            // Permissions come with the role: whatever the old role allowed must stop now.
            await sessions.revokeAllForUser(id, 'role-changed', tx);
            await audit.record(
              context,
              {
                action: AUDIT_ACTION.userRoleChanged,
                actorUserId: caller.userId,
                objectType: 'user',
                objectId: id,
                details: { from: currentRole?.name ?? null, to: role.name },
              },
              tx,
            );
          }
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.userUpdated,
              actorUserId: caller.userId,
              objectType: 'user',
              objectId: id,
              details: { fields: changedFields },
            },
            tx,
          );
        });
      } catch (error) {
        rethrowAsConflict(error, input);
      }
      return toDetails(await loadUser(id));
    },

    async setActive(
      id: number,
      isActive: boolean,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await loadUser(id);
      if (!isActive && id === caller.userId) {
        throw new BadRequestError('You cannot deactivate your own account.');
      }
      await db.transaction(async (tx) => {
        if (!(await users.lockVersion(id, expected, tx))) throw new NotFoundError('User not found.');
        await users.setActive(id, isActive, tx);
        if (!isActive) await sessions.revokeAllForUser(id, 'deactivated', tx);
        await audit.record(
          context,
          {
            action: isActive ? AUDIT_ACTION.userActivated : AUDIT_ACTION.userDeactivated,
            actorUserId: caller.userId,
            objectType: 'user',
            objectId: id,
          },
          tx,
        );
      });
    },

    async resetPassword(
      id: number,
      input: ResetUserPasswordInput,
      caller: Principal,
      context: RequestContext,
    ): Promise<void> {
      await loadUser(id);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await users.setPasswordHash(id, passwordHash, tx);
        // Whoever knew the old password is signed out everywhere.
        await sessions.revokeAllForUser(id, 'password-reset', tx);
        await audit.record(
          context,
          { action: AUDIT_ACTION.userPasswordReset, actorUserId: caller.userId, objectType: 'user', objectId: id },
          tx,
        );
      });
    },

    async isEmailAddressAvailable(emailAddress: string): Promise<boolean> {
      return !(await users.isEmailAddressTaken(emailAddress));
    },

    async isUsernameAvailable(username: string): Promise<boolean> {
      return !(await users.isUsernameTaken(username));
    },

    async advisorOptions(): Promise<DropdownOption[]> {
      const rows = await users.findActiveByRoleName(ROLE_NAME.advisor);
      return rows.map((row) => ({ value: String(row.id), displayText: row.fullName }));
    },

    async supervisorOptions(): Promise<DropdownOption[]> {
      const rows = await users.findActiveByRoleName(ROLE_NAME.supervisor);
      return rows.map((row) => ({ value: String(row.id), displayText: row.fullName }));
    },
  };
}
