import { eq } from 'drizzle-orm';
import { REQUEST_ITEM_KIND, REQUEST_ITEM_STATUS } from '@ledgerport/shared';
import { clients } from '../../../db/schema/index.js';
import { only, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { pdfBytes } from '../../../testing/documents-factories.js';
import { multipartBody, otherDocumentsTagId } from '../../documents/__tests__/multipart.js';
import { daysFromNow, insertRequest, type FixtureItem } from './requests-fixtures.js';

// Staff hold request:* except the employee's request:delete; clients hold request:list and
// request:respond (docs/permissions.md). A request of clientA under the Tax service (granted to
// collaboratorA) is in scope for staff, ownerA and collaboratorA; for ownerB and the deactivated
// collaborator it is another client's: 404. Each call gets a fresh request, so one actor's answer
// or review never changes what the next finds.
const BASE = '/api/v1/document/requests';
const ITEM = `${BASE}/:id/items/:itemId`;

const freshRequest = (f: MatrixFixture, item: FixtureItem = {}) =>
  insertRequest(f.db, { clientId: f.clientA, serviceId: f.serviceId, items: [item] });

const itemUrl =
  (action: string, item: FixtureItem = {}) =>
  async (f: MatrixFixture) => {
    const { id, itemIds } = await freshRequest(f, item);
    return `${BASE}/${id}/items/${itemIds[0]}/${action}`;
  };

const staff = { admin: 200, advisor: 200, supervisor: 200, employee: 200 };
const responders = { ownerA: 200, collaboratorA: 200, ownerB: 404, deactivatedCollaboratorA: 404 };
const submitted = { status: REQUEST_ITEM_STATUS.submitted };

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: signedIn(200) },
  {
    method: 'POST',
    route: BASE,
    body: (f) => ({
      clientId: f.clientA,
      serviceId: f.serviceId,
      title: 'Matrix request',
      dueDate: daysFromNow(10),
      items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
    }),
    expect: only({ admin: 201, advisor: 201, supervisor: 201, employee: 201 }),
  },
  {
    method: 'POST',
    route: `${BASE}/send-to-clients`,
    // The Clients list's filter narrowed to clientA by its name.
    url: async (f) => {
      const [client] = await f.db.select({ name: clients.name }).from(clients).where(eq(clients.id, f.clientA));
      return `${BASE}/send-to-clients?fullName=${encodeURIComponent(client!.name)}`;
    },
    body: (f) => ({
      serviceId: f.serviceId,
      title: 'Matrix request to many',
      dueDate: daysFromNow(10),
      items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
    }),
    expect: only({ admin: 200, advisor: 200, supervisor: 200, employee: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${(await freshRequest(f)).id}`,
    expect: signedIn(200, { ownerB: 404 }),
  },
  {
    method: 'PUT',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${(await freshRequest(f)).id}`,
    body: () => ({
      title: 'Matrix request, edited',
      dueDate: daysFromNow(20),
      items: [{ title: 'A new item', kind: REQUEST_ITEM_KIND.answer }],
    }),
    expect: only(staff),
  },
  {
    method: 'DELETE',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${(await freshRequest(f)).id}`,
    expect: only({ admin: 204, advisor: 204, supervisor: 204 }),
  },
  {
    method: 'PUT',
    route: `${ITEM}/answer`,
    url: itemUrl('answer'),
    body: () => ({ answer: 'Yes, both of them.' }),
    expect: only(responders),
  },
  {
    method: 'PUT',
    route: `${ITEM}/not-applicable`,
    url: itemUrl('not-applicable'),
    body: () => ({ reason: 'We closed that account last year.' }),
    expect: only(responders),
  },
  { method: 'PUT', route: `${ITEM}/accept`, url: itemUrl('accept', submitted), expect: only(staff) },
  {
    method: 'PUT',
    route: `${ITEM}/return`,
    url: itemUrl('return', submitted),
    body: () => ({ note: 'Please send all pages.' }),
    expect: only(staff),
  },
  {
    method: 'POST',
    route: `${ITEM}/files`,
    url: async (f) =>
      itemUrl('files', { kind: REQUEST_ITEM_KIND.documents, tagIds: [await otherDocumentsTagId(f.db)] })(f),
    raw: (_f, actor) => multipartBody([{ name: 'Files', fileName: `matrix-${actor}.pdf`, content: pdfBytes(actor) }]),
    expect: only({ ownerA: 201, collaboratorA: 201, ownerB: 404, deactivatedCollaboratorA: 404 }),
  },
];
