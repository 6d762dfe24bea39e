import { and, eq, exists, inArray, or, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPE, type DocumentType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaborators, clientCollaboratorServices, clients, documents, users } from '../../db/schema/index.js';
import type { Principal } from '../auth/auth.service.js';

/**
 * Who may see which document (DESIGN.md sections 5 and 6; docs/documents.md). Every document
 * query, single or bulk, puts `documentScope` in its WHERE clause, so a document outside it answers
 * 404 like one that does not exist.
 *
 * - Staff see the documents of every client.
 * - A client user sees the documents of their current client only: all of them as its owner; as an
 *   active collaborator, those of the services granted to them.
 */
export interface DocumentViewer {
  userId: number;
  isClient: boolean;
  /** Client users: the client they act for (null: none chosen, so nothing is visible). */
  currentClientId: number | null;
}

export async function documentViewer(
  db: DbOrTx,
  principal: Pick<Principal, 'userId' | 'isClient'> & { currentClientId?: number | null },
): Promise<DocumentViewer> {
  if (!principal.isClient) return { userId: principal.userId, isClient: false, currentClientId: null };
  // A request's principal carries it, read with the session (modules/auth): no second query.
  if (principal.currentClientId !== undefined) {
    return { userId: principal.userId, isClient: true, currentClientId: principal.currentClientId };
  }
  const [row] = await db
    .select({ currentClientId: users.currentClientId })
    .from(users)
    .where(eq(users.id, principal.userId))
    .limit(1);
  return { userId: principal.userId, isClient: true, currentClientId: row?.currentClientId ?? null };
}

/** The WHERE condition on `documents` for what the viewer may see; undefined means everything. */
export function documentScope(db: DbOrTx, viewer: DocumentViewer): SQL | undefined {
  if (!viewer.isClient) return undefined;
  if (viewer.currentClientId === null) return eq(documents.id, -1);
  const grantedCollaborator = exists(
    db
      .select({ one: clientCollaborators.clientId })
      .from(clientCollaborators)
      .innerJoin(
        clientCollaboratorServices,
        and(
          eq(clientCollaboratorServices.clientId, clientCollaborators.clientId),
          eq(clientCollaboratorServices.userId, clientCollaborators.userId),
        ),
      )
      .where(
        and(
          eq(clientCollaborators.clientId, documents.clientId),
          eq(clientCollaborators.userId, viewer.userId),
          eq(clientCollaborators.isActive, true),
          eq(clientCollaboratorServices.serviceId, documents.serviceId),
        ),
      ),
  );
  const owner = exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, documents.clientId), eq(clients.ownerUserId, viewer.userId))),
  );
  return and(eq(documents.clientId, viewer.currentClientId), or(owner, grantedCollaborator));
}

/**
 * The list a document is on for this viewer: a client-side upload is the client's "My upload" and
 * the firm's "Received"; a firm upload is the firm's "My upload" and the client's "Received".
 */
export function documentSide(viewer: Pick<DocumentViewer, 'isClient'>, type: DocumentType): SQL {
  const clientSide = viewer.isClient === (type === DOCUMENT_TYPE.myUpload);
  return eq(documents.uploadedByClientSide, clientSide);
}

/** The caller's type for a stored document: 1 my upload, 2 received. */
export function documentTypeFor(viewer: Pick<DocumentViewer, 'isClient'>, uploadedByClientSide: boolean): DocumentType {
  return viewer.isClient === uploadedByClientSide ? DOCUMENT_TYPE.myUpload : DOCUMENT_TYPE.received;
}

/**
 * The ids among `ids` the viewer may see (optionally on one side); bulk routes compare its length
 * with the request's and answer 404 when one is missing, before changing anything.
 */
export async function visibleDocumentIds(
  db: DbOrTx,
  viewer: DocumentViewer,
  ids: readonly number[],
  type?: DocumentType,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        inArray(documents.id, [...ids]),
        documentScope(db, viewer),
        type === undefined ? undefined : documentSide(viewer, type),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Whether a client user may put documents for this service into their current client: the owner
 * for any of the client's services, a collaborator for the services granted to them. Staff may
 * upload for any client. Checked by upload and edit.
 */
export async function canFileForClient(
  db: DbOrTx,
  viewer: DocumentViewer,
  clientId: number,
  serviceId: number,
): Promise<boolean> {
  if (!viewer.isClient) {
    const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
    return row !== undefined;
  }
  if (viewer.currentClientId !== clientId) return false;
  const [owned] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerUserId, viewer.userId)))
    .limit(1);
  if (owned) return true;
  const [granted] = await db
    .select({ one: clientCollaboratorServices.serviceId })
    .from(clientCollaboratorServices)
    .innerJoin(
      clientCollaborators,
      and(
        eq(clientCollaborators.clientId, clientCollaboratorServices.clientId),
        eq(clientCollaborators.userId, clientCollaboratorServices.userId),
      ),
    )
    .where(
      and(
        eq(clientCollaboratorServices.clientId, clientId),
        eq(clientCollaboratorServices.userId, viewer.userId),
        eq(clientCollaboratorServices.serviceId, serviceId),
        eq(clientCollaborators.isActive, true),
      ),
    )
    .limit(1);
  return granted !== undefined;
}
