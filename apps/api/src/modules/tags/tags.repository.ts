import { and, asc, eq, exists, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListTagGroupsQuery } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { documentTags, services, tagActivatedGroups, tagGroups, tags, tagServices } from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import { lastSave, lockCurrentVersion, rowVersion } from '../../lib/row-version.js';

export type TagsRepository = ReturnType<typeof createTagsRepository>;

export type TagGroupRow = NonNullable<Awaited<ReturnType<TagsRepository['findGroupById']>>>;
export type TagRow = Awaited<ReturnType<TagsRepository['findTagsOfGroups']>>[number];

const groupColumns = {
  id: tagGroups.id,
  version: rowVersion(tagGroups),
  name: tagGroups.name,
  displayName: tagGroups.displayName,
  isMainTagGroup: tagGroups.isMainTagGroup,
  color: tagGroups.color,
  ordinal: tagGroups.ordinal,
};

const tagColumns = {
  id: tags.id,
  version: rowVersion(tags),
  tagGroupId: tags.tagGroupId,
  name: tags.name,
  displayName: tags.displayName,
  isActive: tags.isActive,
  // The link tables are small per tag: aggregating here keeps a group list at two queries.
  servicesItDepends: sql<
    number[]
  >`coalesce((select array_agg(${tagServices.serviceId} order by ${tagServices.serviceId}) from ${tagServices} where ${tagServices.tagId} = ${tags.id}), '{}')`,
  tagGroupsItActivates: sql<
    number[]
  >`coalesce((select array_agg(${tagActivatedGroups.tagGroupId} order by ${tagActivatedGroups.tagGroupId}) from ${tagActivatedGroups} where ${tagActivatedGroups.tagId} = ${tags.id}), '{}')`,
};

const SORTABLE = {
  ordinal: tagGroups.ordinal,
  name: sql`lower(${tagGroups.name})`,
  displayName: sql`lower(${tagGroups.displayName})`,
};

/**
 * Rewrites the tags matched (to themselves) so their versions move: for a change to their links made
 * by another object's save (a group no longer main, a deleted service or group they pointed at).
 */
async function touchTags(tx: DbOrTx, which: SQL): Promise<void> {
  await tx
    .update(tags)
    .set({ name: sql`${tags.name}` })
    .where(which);
}

/** Case-insensitive equality, matching the lower() unique indexes of the tables. */
const sameText = (column: AnyColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;

export function createTagsRepository({ db }: { db: DbOrTx }) {
  const tagFilter = (isActive: boolean | undefined) =>
    isActive === undefined ? undefined : eq(tags.isActive, isActive);

  return {
    /** Every group matching the filter, in display order; tags are read separately by `findTagsOfGroups`. */
    findGroups(query: ListTagGroupsQuery, tx: DbOrTx = db) {
      const text = query.text?.trim();
      const where = text
        ? or(
            containsIgnoreCase(tagGroups.name, text),
            containsIgnoreCase(tagGroups.displayName, text),
            exists(
              tx
                .select({ one: tags.id })
                .from(tags)
                .where(
                  and(
                    eq(tags.tagGroupId, tagGroups.id),
                    tagFilter(query.isActive),
                    or(containsIgnoreCase(tags.name, text), containsIgnoreCase(tags.displayName, text)),
                  ),
                ),
            ),
          )
        : undefined;
      return tx
        .select(groupColumns)
        .from(tagGroups)
        .where(where)
        .orderBy(...orderByFromQuery(SORTABLE, query, { key: 'ordinal' }, tagGroups.id));
    },

    findTagsOfGroups(groupIds: number[], isActive?: boolean, tx: DbOrTx = db) {
      if (groupIds.length === 0) return Promise.resolve([]);
      return tx
        .select(tagColumns)
        .from(tags)
        .where(and(inArray(tags.tagGroupId, groupIds), tagFilter(isActive)))
        .orderBy(sql`lower(${tags.displayName})`, asc(tags.id));
    },

    async findGroupById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select(groupColumns).from(tagGroups).where(eq(tagGroups.id, id)).limit(1);
      return row ?? null;
    },

    async findMainGroup(tx: DbOrTx = db) {
      const [row] = await tx.select(groupColumns).from(tagGroups).where(eq(tagGroups.isMainTagGroup, true)).limit(1);
      return row ?? null;
    },

    /** Dropdown options in display order. */
    findGroupOptions(tx: DbOrTx = db) {
      return tx
        .select({ id: tagGroups.id, displayName: tagGroups.displayName })
        .from(tagGroups)
        .orderBy(asc(tagGroups.ordinal), asc(tagGroups.id));
    },

    async isGroupValueTaken(
      field: 'name' | 'displayName',
      value: string,
      exceptId?: number,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: tagGroups.id })
        .from(tagGroups)
        .where(and(sameText(tagGroups[field], value), exceptId === undefined ? undefined : ne(tagGroups.id, exceptId)))
        .limit(1);
      return Boolean(row);
    },

    async nextOrdinal(tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ max: sql<number | null>`max(${tagGroups.ordinal})` }).from(tagGroups);
      return Number(row?.max ?? 0) + 1;
    },

    async insertGroup(values: Omit<typeof tagGroups.$inferInsert, 'id'>, tx: DbOrTx = db) {
      const [row] = await tx.insert(tagGroups).values(values).returning(groupColumns);
      return row!;
    },

    async updateGroup(
      id: number,
      values: Pick<typeof tagGroups.$inferInsert, 'name' | 'displayName' | 'color' | 'isMainTagGroup'>,
      tx: DbOrTx = db,
    ) {
      const [row] = await tx.update(tagGroups).set(values).where(eq(tagGroups.id, id)).returning(groupColumns);
      return row ?? null;
    },

    /** Locks the group's row and refuses a stale If-Match (412, lib/row-version.ts); null when there is none. */
    lockGroupVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: tagGroups,
        where: eq(tagGroups.id, id),
        expected,
        objectType: 'tag-group',
        objectId: id,
      });
    },

    /** The same for a tag. */
    lockTagVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: tags,
        where: eq(tags.id, id),
        expected,
        objectType: 'tag',
        objectId: id,
      });
    },

    /** Its tags go with it (cascade); the tags of other groups that activated it lose that link, so they are touched. */
    async deleteGroup(id: number, tx: DbOrTx = db): Promise<boolean> {
      await touchTags(
        tx,
        inArray(
          tags.id,
          tx
            .select({ id: tagActivatedGroups.tagId })
            .from(tagActivatedGroups)
            .where(eq(tagActivatedGroups.tagGroupId, id)),
        ),
      );
      const rows = await tx.delete(tagGroups).where(eq(tagGroups.id, id)).returning({ id: tagGroups.id });
      return rows.length > 0;
    },

    /**
     * Locks every group row so a concurrent create, delete or save cannot slip between the check and
     * the update; answers each group's id and version.
     */
    async lockAllGroups(tx: DbOrTx): Promise<Array<{ id: number; version: string }>> {
      return tx
        .select({ id: tagGroups.id, version: rowVersion(tagGroups) })
        .from(tagGroups)
        .for('update');
    },

    /**
     * Ordinals 1..n in the order given, in one statement; only the rows whose place changes are
     * written, so the versions of the groups that stay put do not move.
     */
    async setOrdinals(orderedIds: number[], tx: DbOrTx = db): Promise<void> {
      if (orderedIds.length === 0) return;
      const cases = sql.join(
        orderedIds.map((id, index) => sql`when ${id} then ${index + 1}`),
        sql` `,
      );
      const ordinal = sql`(case ${tagGroups.id} ${cases} end)::int`;
      await tx
        .update(tagGroups)
        .set({ ordinal })
        .where(and(inArray(tagGroups.id, orderedIds), ne(tagGroups.ordinal, ordinal)));
    },

    /**
     * Who changed a group last and when, for a refused reorder: the latest audit event on the group
     * itself or of a reorder (recorded without an object id, as it moves every group).
     */
    lastGroupChange(id: number, reorderAction: string, tx: DbOrTx = db) {
      return lastSave(tx, 'tag-group', id, reorderAction);
    },

    async findTagById(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select(tagColumns).from(tags).where(eq(tags.id, id)).limit(1);
      return row ?? null;
    },

    async isTagValueTaken(
      tagGroupId: number,
      field: 'name' | 'displayName',
      value: string,
      exceptId?: number,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const [row] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(
          and(
            eq(tags.tagGroupId, tagGroupId),
            sameText(tags[field], value),
            exceptId === undefined ? undefined : ne(tags.id, exceptId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertTag(values: { tagGroupId: number; name: string; displayName: string }, tx: DbOrTx = db) {
      const [row] = await tx.insert(tags).values(values).returning({ id: tags.id });
      return row!.id;
    },

    async updateTag(id: number, values: { name: string; displayName: string }, tx: DbOrTx = db) {
      await tx.update(tags).set(values).where(eq(tags.id, id));
    },

    async setTagActive(id: number, isActive: boolean, tx: DbOrTx = db) {
      await tx.update(tags).set({ isActive }).where(eq(tags.id, id));
    },

    /**
     * How many documents carry the tag (or, for a group, any of its tags): those cannot be deleted,
     * and the refusal says how many documents use it.
     *
     * @unscoped counts every client's documents, whoever asks: a tag in use cannot be deleted
     */
    async countDocumentsUsing(by: { tagId: number } | { tagGroupId: number }, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`count(distinct ${documentTags.documentId})`.mapWith(Number) })
        .from(documentTags)
        .innerJoin(tags, eq(tags.id, documentTags.tagId))
        .where('tagId' in by ? eq(documentTags.tagId, by.tagId) : eq(tags.tagGroupId, by.tagGroupId));
      return row?.total ?? 0;
    },

    async deleteTag(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
      return rows.length > 0;
    },

    /** Replaces a main-group tag's services and activated groups with the given ids. */
    async replaceTagLinks(
      tagId: number,
      links: { serviceIds: number[]; tagGroupIds: number[] },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx.delete(tagServices).where(eq(tagServices.tagId, tagId));
      await tx.delete(tagActivatedGroups).where(eq(tagActivatedGroups.tagId, tagId));
      if (links.serviceIds.length > 0) {
        await tx.insert(tagServices).values(links.serviceIds.map((serviceId) => ({ tagId, serviceId })));
      }
      if (links.tagGroupIds.length > 0) {
        await tx.insert(tagActivatedGroups).values(links.tagGroupIds.map((tagGroupId) => ({ tagId, tagGroupId })));
      }
    },

    /**
     * When a group stops being the main one its tags lose the links that only main-group tags have
     * (the tags that had some are touched: their versions move).
     */
    async clearLinksOfGroup(tagGroupId: number, tx: DbOrTx = db): Promise<void> {
      const ofGroup = tx.select({ id: tags.id }).from(tags).where(eq(tags.tagGroupId, tagGroupId));
      await touchTags(
        tx,
        and(
          eq(tags.tagGroupId, tagGroupId),
          or(
            exists(tx.select({ one: tagServices.tagId }).from(tagServices).where(eq(tagServices.tagId, tags.id))),
            exists(
              tx
                .select({ one: tagActivatedGroups.tagId })
                .from(tagActivatedGroups)
                .where(eq(tagActivatedGroups.tagId, tags.id)),
            ),
          ),
        )!,
      );
      await tx.delete(tagServices).where(inArray(tagServices.tagId, ofGroup));
      await tx.delete(tagActivatedGroups).where(inArray(tagActivatedGroups.tagId, ofGroup));
    },

    async findExistingServiceIds(ids: number[], tx: DbOrTx = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids));
      return rows.map((row) => row.id);
    },

    async findExistingGroupIds(ids: number[], tx: DbOrTx = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await tx.select({ id: tagGroups.id }).from(tagGroups).where(inArray(tagGroups.id, ids));
      return rows.map((row) => row.id);
    },
  };
}
