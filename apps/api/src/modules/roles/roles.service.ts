import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  permissionArea,
  permissionDisplayName,
  type RoleOption,
  type ListRolesQuery,
  type Paged,
  type PermissionDto,
  type RoleDto,
  type RoleInput,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { RoleField, RoleRow, RolesRepository, RoleValues } from './roles.repository.js';

/** Who makes a change, for the audit trail. */
export interface Actor {
  userId: number;
  context: RequestContext;
}

const ROLE = 'role';

function takenMessage(value: string): string {
  return `${value} is already taken. Try another.`;
}

/** Same shape as the validation errors' details, so the web app reads both alike. */
function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(message, undefined, [{ in: 'body', field, message }]);
}

function toDto(row: RoleRow, permissions: string[]): RoleDto {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    displayName: row.displayName,
    description: row.description,
    isStatic: row.isStatic,
    permissions: permissions.map((id) => ({ id, displayName: permissionDisplayName(id) })),
  };
}

function toValues(input: RoleInput): RoleValues {
  return { name: input.name, displayName: input.displayName, description: input.description || null };
}

/** Each once and sorted: the order they were picked in means nothing. */
function normalisePermissions(permissions: readonly string[]): string[] {
  return [...new Set(permissions)].sort();
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

export type RolesService = ReturnType<typeof createRolesService>;

export function createRolesService({ db, roles, audit }: { db: Db; roles: RolesRepository; audit: AuditLog }) {
  const record = (actor: Actor, action: AuditAction, row: RoleRow, details: Record<string, unknown>, tx: DbOrTx) =>
    audit.record(
      actor.context,
      {
        action,
        actorUserId: actor.userId,
        objectType: ROLE,
        objectId: row.id,
        details: { name: row.name, ...details },
      },
      tx,
    );

  async function requireRole(id: number, tx: DbOrTx = db): Promise<RoleRow> {
    const role = await roles.findById(id, tx);
    if (!role) throw new NotFoundError('Role not found.');
    return role;
  }

  async function permissionsOf(id: number, tx: DbOrTx = db): Promise<string[]> {
    return (await roles.findPermissions([id], tx)).map((row) => row.permission);
  }

  async function get(id: number): Promise<RoleDto> {
    const role = await requireRole(id);
    return toDto(role, await permissionsOf(id));
  }

  async function assertValuesFree(input: RoleValues, exceptId?: number, tx: DbOrTx = db) {
    for (const field of ['name', 'displayName'] as const) {
      if (await roles.isTaken(field, input[field], exceptId, tx)) throw new ConflictError(takenMessage(input[field]));
    }
  }

  return {
    async list(query: ListRolesQuery): Promise<Paged<RoleDto>> {
      const { rows, totalCount } = await roles.findMany(query);
      const permissions = await roles.findPermissions(rows.map((row) => row.id));
      return {
        items: rows.map((row) =>
          toDto(
            row,
            permissions.filter((p) => p.roleId === row.id).map((p) => p.permission),
          ),
        ),
        totalCount,
      };
    },

    async options(): Promise<RoleOption[]> {
      const rows = await roles.findAllOptions();
      return rows.map((row) => ({ value: String(row.id), displayText: row.displayName, name: row.name }));
    },

    get,

    /** Every permission a role can be given, in catalogue order (the picker groups them by area). */
    permissionCatalogue(): PermissionDto[] {
      return ALL_PERMISSIONS.map((id) => ({ id, displayName: PERMISSIONS[id], area: permissionArea(id) }));
    },

    async isAvailable(field: RoleField, value: string): Promise<boolean> {
      return !(await roles.isTaken(field, value));
    },

    async create(actor: Actor, input: RoleInput): Promise<RoleDto> {
      const values = toValues(input);
      const permissions = normalisePermissions(input.permissions);
      await assertValuesFree(values);
      return db.transaction(async (tx) => {
        const role = await roles.insert(values, tx);
        await roles.replacePermissions(role.id, permissions, tx);
        await record(actor, AUDIT_ACTION.roleCreated, role, { permissions }, tx);
        return toDto(role, permissions);
      });
    },

    /**
     * Static roles (client, advisor, employee) are what the code itself relies on: their name and
     * permissions stay as they are; display name and description may change. Users holding the role
     * get the new permissions on their next request, since permissions are read per request.
     */
    async update(actor: Actor, id: number, input: RoleInput, expected: string[] | null = null): Promise<RoleDto> {
      const values = toValues(input);
      const permissions = normalisePermissions(input.permissions);
      await db.transaction(async (tx) => {
        // Locked first: what the checks below compare with is what this save replaces.
        if (!(await roles.lockVersion(id, expected, tx))) throw new NotFoundError('Role not found.');
        const role = await requireRole(id, tx);
        const before = await permissionsOf(id, tx);
        if (role.isStatic) {
          if (values.name !== role.name) throw invalidField('name', 'The name of a static role cannot be changed.');
          if (!sameSet(permissions, before)) {
            throw invalidField('permissions', 'The permissions of a static role cannot be changed.');
          }
        }
        await assertValuesFree(values, id, tx);
        // Always written, even for a change of permissions only, so the role's version moves.
        await roles.update(id, values, tx);
        if (!sameSet(permissions, before)) await roles.replacePermissions(id, permissions, tx);
        const added = permissions.filter((p) => !before.includes(p));
        const removed = before.filter((p) => !permissions.includes(p));
        await record(
          actor,
          AUDIT_ACTION.roleUpdated,
          { ...role, ...values },
          { previousName: role.name, previousDisplayName: role.displayName, added, removed },
          tx,
        );
      });
      // Read again: the answer carries the new version, as the GET does.
      return get(id);
    },

    async remove(actor: Actor, id: number, expected: string[] | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await roles.lockVersion(id, expected, tx))) throw new NotFoundError('Role not found.');
        const role = await requireRole(id, tx);
        if (role.isStatic) throw new ConflictError(`${role.displayName} is a static role and cannot be deleted.`);
        const users = await roles.countUsers(id, tx);
        if (users > 0) {
          throw new ConflictError(
            `${role.displayName} is assigned to ${users} ${users === 1 ? 'user' : 'users'} and cannot be deleted.`,
          );
        }
        const permissions = await permissionsOf(id, tx);
        await roles.delete(id, tx);
        await record(actor, AUDIT_ACTION.roleDeleted, role, { displayName: role.displayName, permissions }, tx);
      });
    },
  };
}
