import { eq } from 'drizzle-orm';
import { tags } from '../../../db/schema/index.js';
import { DOCUMENT_STATUS } from '@ledgerport/shared';
import {
  only,
  signedIn,
  type Actor,
  type MatrixFixture,
  type MatrixRow,
} from '../../../testing/authorization-matrix.js';
import { createDocument } from '../../../testing/documents-factories.js';

// Every document lives in clientA (Tax, granted to collaboratorA), so ownerB is always outside the
// scope (404). Staff hold every document permission; client users hold neither received:delete nor
// received:change-status (docs/permissions.md).
const BASE = '/api/v1/document/documents';
const STAFF = new Set<Actor>(['admin', 'advisor', 'supervisor', 'employee']);

/** A fresh document of clientA, uploaded by ownerA's side or by the firm. */
async function freshDocument(f: MatrixFixture, uploadedByClientSide: boolean): Promise<number> {
  const document = await createDocument(f.db, f.storage, {
    clientId: f.clientA,
    serviceId: f.serviceId,
    creatorUserId: uploadedByClientSide ? f.userIds.ownerA : f.userIds.admin,
    uploadedByClientSide,
  });
  return document.id;
}

/** A document on the actor's own "My uploads" (staff: a firm upload; client users: the client's). */
const myUpload = (f: MatrixFixture, actor: Actor) => freshDocument(f, !STAFF.has(actor));
/** A document on the actor's "Received". */
const received = (f: MatrixFixture, actor: Actor) => freshDocument(f, STAFF.has(actor));

/** A valid edit of a Tax document of clientA: IRS/State Letter activates no other group. */
async function editInput(f: MatrixFixture) {
  const [letter] = await f.db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'irs-state-letter'));
  return { displayName: 'Edited', clientId: f.clientA, serviceId: f.serviceId, tags: [letter!.id], description: null };
}

const inScope = (status: number) => signedIn(status, { ownerB: 404 });
const list = signedIn(200);

export const rows: MatrixRow[] = [
  { method: 'GET', route: `${BASE}/my-upload`, expect: list },
  { method: 'GET', route: `${BASE}/received`, expect: list },
  { method: 'GET', route: `${BASE}/uploaders`, url: () => `${BASE}/uploaders?text=a`, expect: list },
  { method: 'GET', route: `${BASE}/default-filters`, expect: list },
  { method: 'GET', route: `${BASE}/counts`, expect: list },
  { method: 'GET', route: `${BASE}/tag-groups`, expect: list },
  {
    method: 'GET',
    route: `${BASE}/:id`,
    url: async (f) => `${BASE}/${await freshDocument(f, true)}`,
    expect: inScope(200),
  },
  {
    method: 'GET',
    route: `${BASE}/:id/comments`,
    url: async (f) => `${BASE}/${await freshDocument(f, true)}/comments`,
    expect: inScope(200),
  },
  {
    method: 'POST',
    route: `${BASE}/:id/comments`,
    url: async (f) => `${BASE}/${await freshDocument(f, false)}/comments`,
    body: () => ({ commentText: 'Looks good' }),
    expect: inScope(201),
  },
  {
    method: 'PUT',
    route: `${BASE}/my-upload/:id`,
    url: async (f, actor) => `${BASE}/my-upload/${await myUpload(f, actor)}`,
    body: editInput,
    expect: inScope(200),
  },
  {
    method: 'PUT',
    route: `${BASE}/received/:id`,
    url: async (f, actor) => `${BASE}/received/${await received(f, actor)}`,
    body: editInput,
    expect: inScope(200),
  },
  {
    method: 'DELETE',
    route: `${BASE}/my-upload`,
    url: async (f, actor) => `${BASE}/my-upload?ids=${await myUpload(f, actor)}`,
    expect: inScope(204),
  },
  {
    method: 'DELETE',
    route: `${BASE}/received`,
    url: async (f, actor) => `${BASE}/received?ids=${await received(f, actor)}`,
    expect: only({ admin: 204, advisor: 204, supervisor: 204, employee: 204 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/received/status`,
    body: async (f) => ({ documentIds: [await freshDocument(f, true)], status: DOCUMENT_STATUS.done }),
    expect: only({ admin: 204, advisor: 204, supervisor: 204, employee: 204 }),
  },
];
