import {
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  type RequestItemKind,
  type RequestItemStatus,
} from '@ledgerport/shared';
import type { Db } from '../../../db/client.js';
import { randomBytes } from 'node:crypto';
import {
  requestItems,
  requestItemTags,
  requests,
  requestSchedules,
  requestTemplateItems,
  requestTemplates,
} from '../../../db/schema/index.js';

export interface FixtureItem {
  kind?: RequestItemKind;
  status?: RequestItemStatus;
  tagIds?: number[];
  title?: string;
}

/** A date `days` from now (UTC), far enough from the firm's zone's today for any test. */
export function daysFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A request written straight to the tables, items in any state (the API would need a whole
 * conversation to put an item in review). Its items' answers are not set.
 */
export async function insertRequest(
  db: Db,
  {
    clientId,
    serviceId,
    title = 'Fixture request',
    dueDate = daysFromNow(14),
    items = [{}],
    creatorUserId = null,
  }: {
    clientId: number;
    serviceId: number;
    title?: string;
    dueDate?: string;
    items?: FixtureItem[];
    creatorUserId?: number | null;
  },
): Promise<{ id: number; itemIds: number[] }> {
  const [request] = await db
    .insert(requests)
    .values({ clientId, serviceId, title, dueDate, creatorUserId })
    .returning({ id: requests.id });
  const itemIds: number[] = [];
  for (const [position, item] of items.entries()) {
    const status = item.status ?? REQUEST_ITEM_STATUS.requested;
    const [row] = await db
      .insert(requestItems)
      .values({
        requestId: request!.id,
        position,
        title: item.title ?? `Item ${position + 1}`,
        kind: item.kind ?? REQUEST_ITEM_KIND.answer,
        status,
        submittedAt: status === REQUEST_ITEM_STATUS.submitted ? new Date() : null,
      })
      .returning({ id: requestItems.id });
    for (const tagId of item.tagIds ?? []) await db.insert(requestItemTags).values({ itemId: row!.id, tagId });
    itemIds.push(row!.id);
  }
  return { id: request!.id, itemIds };
}

/** A template with one answer item, written straight to the tables. */
export async function insertTemplate(
  db: Db,
  { serviceId, name = `Template ${randomBytes(3).toString('hex')}` }: { serviceId: number; name?: string },
): Promise<number> {
  const [template] = await db
    .insert(requestTemplates)
    .values({ name, title: name, serviceId, dueOffsetDays: 14 })
    .returning({ id: requestTemplates.id });
  await db
    .insert(requestTemplateItems)
    .values({ templateId: template!.id, position: 0, title: 'A question', kind: REQUEST_ITEM_KIND.answer });
  return template!.id;
}

/** A schedule of a template for every active client using `serviceId`. */
export async function insertSchedule(
  db: Db,
  { templateId, serviceId, dayOfMonth = 1 }: { templateId: number; serviceId: number; dayOfMonth?: number },
): Promise<number> {
  const [row] = await db
    .insert(requestSchedules)
    .values({
      name: `Schedule ${randomBytes(3).toString('hex')}`,
      templateId,
      dayOfMonth,
      audience: 2,
      audienceServiceId: serviceId,
    })
    .returning({ id: requestSchedules.id });
  return row!.id;
}
