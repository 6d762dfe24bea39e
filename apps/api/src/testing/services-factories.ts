import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientServices, departments, services } from '../db/schema/index.js';

/** A service with unique names in the first department (the demo firm's Tax), unless overridden. */
export async function createService(
  db: Db,
  overrides: Partial<typeof services.$inferInsert> & { clientIds?: number[] } = {},
) {
  const { clientIds = [], ...columns } = overrides;
  const unique = randomBytes(4).toString('hex');
  let departmentId = columns.departmentId;
  if (departmentId === undefined) {
    const [first] = await db.select({ id: departments.id }).from(departments).orderBy(asc(departments.id)).limit(1);
    if (!first) throw new Error('No department is seeded.');
    departmentId = first.id;
  }
  const [service] = await db
    .insert(services)
    .values({ name: `service-${unique}`, displayName: `Service ${unique}`, color: '#1E88E5', ...columns, departmentId })
    .returning();
  for (const clientId of clientIds) await db.insert(clientServices).values({ clientId, serviceId: service!.id });
  return service!;
}
