import { DOCUMENT_SHARE_TTL_DAYS } from '@ledgerport/shared';
import { documentShares } from '../../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../../lib/crypto.js';
import { all, signedIn, type MatrixFixture } from '../../../testing/authorization-matrix.js';
import type { MatrixRow } from '../../../testing/authorization-matrix.js';
import { createDocument } from '../../../testing/documents-factories.js';

/**
 * Client A's tax document: staff see every client's documents; client A's owner and its
 * collaborator granted tax see it; client B's owner gets 404, as for any document outside scope.
 */
const visible = (status: number) => signedIn(status, { ownerB: 404 });

const documentOfA = (f: MatrixFixture) =>
  createDocument(f.db, f.storage, { clientId: f.clientA, serviceId: f.serviceId, creatorUserId: f.userIds.ownerA });

async function shareOfA(f: MatrixFixture) {
  const document = await documentOfA(f);
  const token = randomToken(32);
  const [share] = await f.db
    .insert(documentShares)
    .values({
      documentId: document.id,
      recipientEmailAddress: 'matrix-recipient@example.com',
      requiresSignIn: false,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + DOCUMENT_SHARE_TTL_DAYS * 86_400_000),
      createdByUserId: f.userIds.ownerA,
    })
    .returning();
  return { documentId: document.id, shareId: share!.id, token };
}

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/documents/:id/download',
    url: async (f) => `/api/v1/document/documents/${(await documentOfA(f)).id}/download`,
    expect: visible(200),
  },
  {
    method: 'GET',
    route: '/api/v1/document/documents/:id/preview',
    url: async (f) => `/api/v1/document/documents/${(await documentOfA(f)).id}/preview`,
    expect: visible(200),
  },
  {
    method: 'GET',
    route: '/api/v1/document/documents/download',
    url: async (f) => {
      const [one, two] = [await documentOfA(f), await documentOfA(f)];
      return `/api/v1/document/documents/download?ids=${one.id}&ids=${two.id}`;
    },
    expect: visible(200),
  },
  {
    method: 'POST',
    route: '/api/v1/document/documents/:id/share',
    url: async (f) => `/api/v1/document/documents/${(await documentOfA(f)).id}/share`,
    body: () => ({ recipientEmailAddress: 'matrix-recipient@example.com' }),
    expect: visible(201),
  },
  {
    method: 'GET',
    route: '/api/v1/document/documents/:id/shares',
    url: async (f) => `/api/v1/document/documents/${(await shareOfA(f)).documentId}/shares`,
    expect: visible(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/document/documents/:id/shares/:shareId',
    url: async (f) => {
      const { documentId, shareId } = await shareOfA(f);
      return `/api/v1/document/documents/${documentId}/shares/${shareId}`;
    },
    expect: visible(204),
  },
  // Public: the token is the credential, whoever holds it, signed in or not.
  {
    method: 'GET',
    route: '/api/v1/document/shared/:token',
    url: async (f) => `/api/v1/document/shared/${(await shareOfA(f)).token}`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/v1/document/shared/:token/download',
    url: async (f) => `/api/v1/document/shared/${(await shareOfA(f)).token}/download`,
    expect: all(200),
  },
];
