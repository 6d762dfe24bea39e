import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListRequestTemplatesFilters, RequestItemKind } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import {
  requestSchedules,
  requestTemplateItems,
  requestTemplateItemTags,
  requestTemplates,
  services,
  tags,
} from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import type { NewItemRow } from './requests.repository.js';

export interface TemplateValues {
  name: string;
  title: string;
  description: string | null;
  serviceId: number;
  dueOffsetDays: number;
}

export type RequestTemplatesRepository = ReturnType<typeof createRequestTemplatesRepository>;

/** The firm's request templates: firm data, the same for every client (no scope). */
export function createRequestTemplatesRepository({ db }: { db: Db }) {
  const itemCount =
    sql<number>`(select count(*) from ${requestTemplateItems} where ${requestTemplateItems.templateId} = ${requestTemplates.id})`.mapWith(
      Number,
    );
  const columns = {
    id: requestTemplates.id,
    version: rowVersion(requestTemplates),
    name: requestTemplates.name,
    title: requestTemplates.title,
    description: requestTemplates.description,
    serviceId: requestTemplates.serviceId,
    serviceDisplayName: services.displayName,
    dueOffsetDays: requestTemplates.dueOffsetDays,
    itemCount,
  };
  const sortable = {
    name: sql`lower(${requestTemplates.name})`,
    service: sql`lower(${services.displayName})`,
    dueOffsetDays: requestTemplates.dueOffsetDays,
  };

  async function insertItems(tx: DbOrTx, templateId: number, items: readonly NewItemRow[]) {
    for (const [position, item] of items.entries()) {
      const [row] = await tx
        .insert(requestTemplateItems)
        .values({ templateId, position, title: item.title, description: item.description, kind: item.kind })
        .returning({ id: requestTemplateItems.id });
      if (item.tagIds.length > 0) {
        await tx.insert(requestTemplateItemTags).values(item.tagIds.map((tagId) => ({ itemId: row!.id, tagId })));
      }
    }
  }

  return {
    async list(filters: ListRequestTemplatesFilters, tx: DbOrTx = db) {
      const where: SQL | undefined = and(
        filters.serviceId === undefined ? undefined : eq(requestTemplates.serviceId, filters.serviceId),
        filters.search ? containsIgnoreCase(requestTemplates.name, filters.search) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx
          .select(columns)
          .from(requestTemplates)
          .innerJoin(services, eq(services.id, requestTemplates.serviceId))
          .where(where)
          .orderBy(...orderByFromQuery(sortable, filters, { key: 'name' }, requestTemplates.id))
          .limit(filters.limit)
          .offset(filters.offset),
        tx.select({ value: count() }).from(requestTemplates).where(where),
      ]);
      return { rows, totalCount: total?.value ?? 0 };
    },

    /** Locks the row and refuses a stale If-Match (412, lib/row-version.ts); null when there is none. */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: requestTemplates,
        where: eq(requestTemplates.id, id),
        expected,
        objectType: 'request-template',
        objectId: id,
      });
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select(columns)
        .from(requestTemplates)
        .innerJoin(services, eq(services.id, requestTemplates.serviceId))
        .where(eq(requestTemplates.id, id))
        .limit(1);
      return row;
    },

    async items(templateId: number, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: requestTemplateItems.id,
          position: requestTemplateItems.position,
          title: requestTemplateItems.title,
          description: requestTemplateItems.description,
          kind: requestTemplateItems.kind,
        })
        .from(requestTemplateItems)
        .where(eq(requestTemplateItems.templateId, templateId))
        .orderBy(asc(requestTemplateItems.position));
      const ids = rows.map((row) => row.id);
      const tagRows =
        ids.length === 0
          ? []
          : await tx
              .select({
                itemId: requestTemplateItemTags.itemId,
                id: tags.id,
                displayName: tags.displayName,
                tagGroupId: tags.tagGroupId,
              })
              .from(requestTemplateItemTags)
              .innerJoin(tags, eq(tags.id, requestTemplateItemTags.tagId))
              .where(inArray(requestTemplateItemTags.itemId, ids))
              .orderBy(asc(tags.tagGroupId), asc(tags.id));
      return rows.map((row) => ({
        ...row,
        kind: row.kind as RequestItemKind,
        tags: tagRows
          .filter((tag) => tag.itemId === row.id)
          .map(({ id, displayName, tagGroupId }) => ({
            id,
            displayName,
            tagGroupId,
          })),
      }));
    },

    async isNameTaken(name: string, exceptId: number | undefined, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: requestTemplates.id })
        .from(requestTemplates)
        .where(
          and(
            sql`lower(${requestTemplates.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(requestTemplates.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insert(values: TemplateValues & { creatorUserId: number }, items: readonly NewItemRow[], tx: DbOrTx) {
      const [row] = await tx.insert(requestTemplates).values(values).returning({ id: requestTemplates.id });
      await insertItems(tx, row!.id, items);
      return row!.id;
    },

    /** Rewrites a template and its items: requests made from it were copies and do not change. */
    async update(id: number, values: TemplateValues, items: readonly NewItemRow[], tx: DbOrTx): Promise<boolean> {
      const changed = await tx
        .update(requestTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(requestTemplates.id, id))
        .returning({ id: requestTemplates.id });
      if (changed.length === 0) return false;
      await tx.delete(requestTemplateItems).where(eq(requestTemplateItems.templateId, id));
      await insertItems(tx, id, items);
      return true;
    },

    async schedulesUsing(id: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(requestSchedules)
        .where(eq(requestSchedules.templateId, id));
      return row?.value ?? 0;
    },

    async delete(id: number, tx: DbOrTx = db): Promise<boolean> {
      const deleted = await tx
        .delete(requestTemplates)
        .where(eq(requestTemplates.id, id))
        .returning({ id: requestTemplates.id });
      return deleted.length > 0;
    },

    async isActiveService(serviceId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, serviceId), eq(services.isActive, true)))
        .limit(1);
      return row !== undefined;
    },
  };
}
