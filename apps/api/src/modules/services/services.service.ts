import type { ListServicesQuery, Paged, ServiceDto, ServiceInput } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { ServiceField, ServiceRow, ServicesRepository, ServiceValues } from './services.repository.js';

/** Who makes a change, for the audit trail. */
export interface Actor {
  userId: number;
  context: RequestContext;
}

const SERVICE = 'service';
const FOREIGN_KEY_VIOLATION = '23503';

function takenMessage(value: string): string {
  return `${value} is already taken. Try another.`;
}

/** Same shape as the validation errors' details, so the web app reads both alike. */
function invalidField(field: string, message: string): BadRequestError {
  return new BadRequestError(message, undefined, [{ in: 'body', field, message }]);
}

/** Drizzle wraps the driver's error; the SQLSTATE is on it or on its cause. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function inUseMessage(service: ServiceRow, clients: number): string {
  const by = clients > 0 ? ` by ${clients} ${clients === 1 ? 'client' : 'clients'}` : '';
  return `${service.displayName} is used${by} and cannot be deleted. Deactivate it instead.`;
}

function toDto(row: ServiceRow): ServiceDto {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    displayName: row.displayName,
    departmentId: row.departmentId,
    departmentDisplayName: row.departmentDisplayName,
    color: row.color.toUpperCase(),
    isActive: row.isActive,
    listIcon: row.listIcon,
  };
}

function toValues(input: ServiceInput): ServiceValues {
  return {
    name: input.name,
    displayName: input.displayName,
    departmentId: input.departmentId,
    color: input.color.toUpperCase(),
    listIcon: input.listIcon ?? null,
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;

export function createServicesService({
  db,
  services,
  audit,
}: {
  db: Db;
  services: ServicesRepository;
  audit: AuditLog;
}) {
  const record = (
    actor: Actor,
    action: AuditAction,
    row: { id: number; name: string },
    details: Record<string, unknown>,
    tx: DbOrTx,
  ) =>
    audit.record(
      actor.context,
      {
        action,
        actorUserId: actor.userId,
        objectType: SERVICE,
        objectId: row.id,
        details: { name: row.name, ...details },
      },
      tx,
    );

  async function requireService(id: number, tx: DbOrTx = db): Promise<ServiceRow> {
    const service = await services.findById(id, tx);
    if (!service) throw new NotFoundError('Service not found.');
    return service;
  }

  async function assertValid(values: ServiceValues, exceptId?: number, tx: DbOrTx = db) {
    if (!(await services.departmentExists(values.departmentId, tx))) {
      throw invalidField('departmentId', 'The department does not exist.');
    }
    for (const field of ['name', 'displayName'] as const) {
      if (await services.isTaken(field, values[field], exceptId, tx)) {
        throw new ConflictError(takenMessage(values[field]));
      }
    }
  }

  /** The row locked and its If-Match checked first (412 when stale), so nothing is written over a newer save. */
  async function lockService(id: number, expected: string[] | null, tx: DbOrTx): Promise<void> {
    if ((await services.lockVersion(id, expected, tx)) === null) throw new NotFoundError('Service not found.');
  }

  async function setActive(
    actor: Actor,
    id: number,
    isActive: boolean,
    expected: string[] | null,
  ): Promise<ServiceDto> {
    return db.transaction(async (tx) => {
      await lockService(id, expected, tx);
      const service = await requireService(id, tx);
      if (service.isActive === isActive) return toDto(service);
      await services.setActive(id, isActive, tx);
      const action = isActive ? AUDIT_ACTION.serviceActivated : AUDIT_ACTION.serviceDeactivated;
      await record(actor, action, service, {}, tx);
      return toDto(await requireService(id, tx));
    });
  }

  return {
    async list(query: ListServicesQuery): Promise<Paged<ServiceDto>> {
      const { rows, totalCount } = await services.findMany(query);
      return { items: rows.map(toDto), totalCount };
    },

    async get(id: number): Promise<ServiceDto> {
      return toDto(await requireService(id));
    },

    async isAvailable(field: ServiceField, value: string): Promise<boolean> {
      return !(await services.isTaken(field, value));
    },

    async create(actor: Actor, input: ServiceInput): Promise<ServiceDto> {
      const values = toValues(input);
      await assertValid(values);
      return db.transaction(async (tx) => {
        const id = await services.insert(values, tx);
        await record(actor, AUDIT_ACTION.serviceCreated, { id, name: values.name }, {}, tx);
        return toDto(await requireService(id, tx));
      });
    },

    async update(actor: Actor, id: number, input: ServiceInput, expected: string[] | null = null): Promise<ServiceDto> {
      const values = toValues(input);
      return db.transaction(async (tx) => {
        await lockService(id, expected, tx);
        const before = await requireService(id, tx);
        await assertValid(values, id, tx);
        await services.update(id, values, tx);
        const changed = (['name', 'displayName', 'departmentId', 'color', 'listIcon'] as const).filter(
          (field) => before[field] !== values[field],
        );
        await record(actor, AUDIT_ACTION.serviceUpdated, { id, name: values.name }, { changed }, tx);
        return toDto(await requireService(id, tx));
      });
    },

    activate: (actor: Actor, id: number, expected: string[] | null = null) => setActive(actor, id, true, expected),
    deactivate: (actor: Actor, id: number, expected: string[] | null = null) => setActive(actor, id, false, expected),

    /** A service clients have (or documents point at) stays: deactivating hides it without losing history. */
    async remove(actor: Actor, id: number, expected: string[] | null = null): Promise<void> {
      const service = await requireService(id);
      const clients = await services.countClients(id);
      if (clients > 0) throw new ConflictError(inUseMessage(service, clients));
      try {
        await db.transaction(async (tx) => {
          await lockService(id, expected, tx);
          await services.delete(id, tx);
          await record(actor, AUDIT_ACTION.serviceDeleted, service, { displayName: service.displayName }, tx);
        });
      } catch (error) {
        // Rows of other features that reference the service (added after the check, or not counted there).
        if (isForeignKeyViolation(error)) throw new ConflictError(inUseMessage(service, 0));
        throw error;
      }
    },
  };
}
