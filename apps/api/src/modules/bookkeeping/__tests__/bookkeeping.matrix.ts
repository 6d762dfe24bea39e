import { eq } from 'drizzle-orm';
import { bookkeepingRecords, clientServices, services } from '../../../db/schema/index.js';
import { all, only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createClient } from '../../../testing/factories.js';

/** Every staff role holds the whole `bookkeeping` area; client users hold none of it. */
const staff = (status: number) => only({ admin: status, advisor: status, supervisor: status, employee: status });

/** A fresh client with the Bookkeeping service, so each actor's first edit creates its own row. */
async function trackerClient(f: MatrixFixture): Promise<number> {
  const client = await createClient(f.db, { ownerUserId: f.userIds.ownerB });
  const [bookkeeping] = await f.db.select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  await f.db.insert(clientServices).values({ clientId: client.id, serviceId: bookkeeping!.id });
  return client.id;
}

const stored = { numberOfAccounts: 2, isQuickBooksDraftDone: true, isQuickBooksReviewDone: false };

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/document/bookkeeping', expect: staff(200) },
  { method: 'GET', route: '/api/v1/document/bookkeeping/completion', expect: staff(200) },
  {
    // Staff name any tracker client; a client user gets only their current client's year, and this
    // client is nobody's current one.
    method: 'GET',
    route: '/api/v1/document/bookkeeping/months',
    url: async (f) => `/api/v1/document/bookkeeping/months?clientId=${await trackerClient(f)}`,
    expect: all(404, { anonymous: 401, admin: 200, advisor: 200, supervisor: 200, employee: 200 }),
  },
  {
    method: 'POST',
    route: '/api/v1/document/bookkeeping',
    body: async (f) => ({ clientId: await trackerClient(f), year: 2024, month: 5, ...stored }),
    expect: staff(201),
  },
  {
    method: 'PUT',
    route: '/api/v1/document/bookkeeping/:id',
    url: async (f) => {
      const [row] = await f.db
        .insert(bookkeepingRecords)
        .values({ clientId: await trackerClient(f), year: 2024, month: 5 })
        .returning({ id: bookkeepingRecords.id });
      return `/api/v1/document/bookkeeping/${row!.id}`;
    },
    body: () => stored,
    expect: staff(200),
  },
];
