import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListServicesQuery } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientServices, departments, services, tags, tagServices } from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
export type ServiceRow = NonNullable<Awaited<ReturnType<ServicesRepository['findById']>>>;
export type ServiceField = 'name' | 'displayName';

export interface ServiceValues {
  name: string;
  displayName: string;
  departmentId: number;
  color: string;
  listIcon: string | null;
}

const columns = {
  id: services.id,
  version: rowVersion(services),
  name: services.name,
  displayName: services.displayName,
  departmentId: services.departmentId,
  departmentDisplayName: departments.displayName,
  color: services.color,
  isActive: services.isActive,
  listIcon: services.listIcon,
};

const sortable = {
  name: services.name,
  displayName: services.displayName,
  departmentDisplayName: departments.displayName,
  isActive: services.isActive,
};

export function createServicesRepository({ db }: { db: DbOrTx }) {
  return {
    /** One page and the total, both filtered in SQL; icons only when asked for (they can be large). */
    async findMany(query: ListServicesQuery, tx: DbOrTx = db) {
      const conditions: SQL[] = [];
      if (query.name) conditions.push(containsIgnoreCase(services.name, query.name));
      if (query.displayName) conditions.push(containsIgnoreCase(services.displayName, query.displayName));
      if (query.departmentId !== undefined) conditions.push(eq(services.departmentId, query.departmentId));
      if (query.isActive !== undefined) conditions.push(eq(services.isActive, query.isActive));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select({ ...columns, listIcon: query.includeIcons ? services.listIcon : sql<string | null>`null` })
          .from(services)
          .innerJoin(departments, eq(departments.id, services.departmentId))
          .where(where)
          .orderBy(...orderByFromQuery(sortable, query, { key: 'name' }, services.id))
          .limit(query.limit)
          .offset(query.offset),
        tx.select({ n: count() }).from(services).where(where),
      ]);
      return { rows, totalCount: total?.n ?? 0 };
    },

    async findById(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select(columns)
        .from(services)
        .innerJoin(departments, eq(departments.id, services.departmentId))
        .where(eq(services.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Locks the row and refuses a stale If-Match (412, lib/row-version.ts); null when there is none. */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: services,
        where: eq(services.id, id),
        expected,
        objectType: 'service',
        objectId: id,
      });
    },

    async departmentExists(id: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, id)).limit(1);
      return row !== undefined;
    },

    /** Case-insensitive, like the unique indexes on lower(name) and lower(display_name). */
    async isTaken(field: ServiceField, value: string, exceptId?: number, tx: DbOrTx = db): Promise<boolean> {
      const column = field === 'name' ? services.name : services.displayName;
      const conditions = [sql`lower(${column}) = ${value.toLowerCase()}`];
      if (exceptId !== undefined) conditions.push(ne(services.id, exceptId));
      const [row] = await tx
        .select({ id: services.id })
        .from(services)
        .where(and(...conditions))
        .limit(1);
      return row !== undefined;
    },

    /** @unscoped counts every client using the service, whoever asks: a service in use cannot be deleted */
    async countClients(serviceId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(clientServices).where(eq(clientServices.serviceId, serviceId));
      return row?.n ?? 0;
    },

    async insert(values: ServiceValues, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.insert(services).values(values).returning({ id: services.id });
      return row!.id;
    },

    async update(id: number, values: ServiceValues, tx: DbOrTx = db): Promise<void> {
      await tx.update(services).set(values).where(eq(services.id, id));
    },

    async setActive(id: number, isActive: boolean, tx: DbOrTx = db): Promise<void> {
      await tx.update(services).set({ isActive }).where(eq(services.id, id));
    },

    /**
     * Its tag links go with it (on delete cascade); client links block it (see the service). The tags
     * that depended on it are touched first: their links change, so their versions move.
     */
    async delete(id: number, tx: DbOrTx = db): Promise<void> {
      const linked = tx.select({ id: tagServices.tagId }).from(tagServices).where(eq(tagServices.serviceId, id));
      await tx
        .update(tags)
        .set({ name: sql`${tags.name}` })
        .where(inArray(tags.id, linked));
      await tx.delete(services).where(eq(services.id, id));
    },
  };
}
