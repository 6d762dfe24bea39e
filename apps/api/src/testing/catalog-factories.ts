import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientServices, departments, services, tagGroups, tagServices, tags } from '../db/schema/index.js';

/** A service with unique names in the first department; `clientIds` get it as one of their services. */
export async function insertService(
  db: Db,
  overrides: Partial<typeof services.$inferInsert> & { clientIds?: number[] } = {},
) {
  const { clientIds = [], ...columns } = overrides;
  const unique = randomBytes(4).toString('hex');
  const [department] = await db.select({ id: departments.id }).from(departments).orderBy(asc(departments.id)).limit(1);
  const [service] = await db
    .insert(services)
    .values({ name: `svc-${unique}`, displayName: `Svc ${unique}`, departmentId: department!.id, ...columns })
    .returning();
  for (const clientId of clientIds) await db.insert(clientServices).values({ clientId, serviceId: service!.id });
  return service!;
}

/** A tag in the seeded main tag group that applies to the given services. */
export async function insertMainGroupTag(
  db: Db,
  serviceIds: number[],
  overrides: Partial<typeof tags.$inferInsert> = {},
) {
  const [main] = await db.select({ id: tagGroups.id }).from(tagGroups).where(eq(tagGroups.isMainTagGroup, true));
  const unique = randomBytes(4).toString('hex');
  const [tag] = await db
    .insert(tags)
    .values({ tagGroupId: main!.id, name: `tag-${unique}`, displayName: `Tag ${unique}`, ...overrides })
    .returning();
  for (const serviceId of serviceIds) await db.insert(tagServices).values({ tagId: tag!.id, serviceId });
  return tag!;
}
