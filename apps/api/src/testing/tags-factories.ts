import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { tagGroups, tags } from '../db/schema/index.js';

/** A tag group at the end of the order; names are unique unless overridden. */
export async function createTagGroup(db: Db, overrides: Partial<typeof tagGroups.$inferInsert> = {}) {
  const unique = randomBytes(4).toString('hex');
  const [max] = await db.select({ value: sql<number | null>`max(${tagGroups.ordinal})` }).from(tagGroups);
  const [group] = await db
    .insert(tagGroups)
    .values({
      name: `group-${unique}`,
      displayName: `Group ${unique}`,
      color: '#123ABC',
      ordinal: Number(max?.value ?? 0) + 1,
      ...overrides,
    })
    .returning();
  return group!;
}

export async function createTag(db: Db, overrides: Partial<typeof tags.$inferInsert> & { tagGroupId: number }) {
  const unique = randomBytes(4).toString('hex');
  const [tag] = await db
    .insert(tags)
    .values({ name: `tag-${unique}`, displayName: `Tag ${unique}`, ...overrides })
    .returning();
  return tag!;
}
