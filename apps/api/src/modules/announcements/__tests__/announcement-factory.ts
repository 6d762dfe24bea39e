import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { announcements } from '../../../db/schema/index.js';

/** An announcement written straight to the table (already-sanitised HTML), active unless told. */
export async function createAnnouncement(db: Db, overrides: Partial<typeof announcements.$inferInsert> = {}) {
  const [row] = await db
    .insert(announcements)
    .values({
      title: `Announcement ${randomBytes(3).toString('hex')}`,
      body: '<p>Our office hours change next month.</p>',
      acknowledgmentText: '<p>I have read this.</p>',
      ...overrides,
    })
    .returning();
  return row!;
}
