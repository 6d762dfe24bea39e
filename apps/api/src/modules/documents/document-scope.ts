import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPE, type DocumentType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import { clientCollaboratorServices, clients, documents } from '../../db/schema/index.js';
import { activeCollaboratorWithGrant } from '../clients/index.js';
import type { Principal } from '../auth/index.js';

declare const documentScopeBrand: unique symbol;

/**
 * Who may see which document (DESIGN.md sections 5 and 6; docs/documents.md; ADR 0010), resolved once
 * per request from the principal and handed to every documents repository method as a required
 * argument; only repositories turn it into SQL, so a document outside it answers 404 like one that
 * does not exist.
 *
 * - Staff see the documents of every client.
 * - A client user sees the documents of their current client only: all of them as its owner; as an
 *   active collaborator, those of the services granted to them.
 */
export interface DocumentScope {
  readonly [documentScopeBrand]: true;
  readonly userId: number;
  readonly isClient: boolean;
  /** Client users: the client they act for (null: none chosen, so nothing is visible). */
  readonly currentClientId: number | null;
}

/** The principal carries the current client, read with the session (modules/auth): no query. */
export function documentScopeOf(principal: Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>): DocumentScope {
  return {
    userId: principal.userId,
    isClient: principal.isClient,
    currentClientId: principal.isClient ? principal.currentClientId : null,
  } as DocumentScope;
}

/** The WHERE condition on `documents` for what the scope may see; undefined means everything. */
export function documentScopeCondition(db: DbOrTx, scope: DocumentScope, side?: DocumentType): SQL | undefined {
  return and(visible(db, scope), side === undefined ? undefined : documentSideCondition(scope, side));
}

function visible(db: DbOrTx, scope: DocumentScope): SQL | undefined {
  if (!scope.isClient) return undefined;
  if (scope.currentClientId === null) return eq(documents.id, -1);
  const grantedCollaborator = activeCollaboratorWithGrant(
    db,
    documents.clientId,
    scope.userId,
    eq(clientCollaboratorServices.serviceId, documents.serviceId),
  );
  const owner = exists(
    db
      .select({ one: clients.id })
      .from(clients)
      .where(and(eq(clients.id, documents.clientId), eq(clients.ownerUserId, scope.userId))),
  );
  return and(eq(documents.clientId, scope.currentClientId), or(owner, grantedCollaborator));
}

/**
 * The list a document is on for this scope: a client-side upload is the client's "My upload" and
 * the firm's "Received"; a firm upload is the firm's "My upload" and the client's "Received".
 */
function documentSideCondition(scope: DocumentScope, type: DocumentType): SQL {
  const clientSide = scope.isClient === (type === DOCUMENT_TYPE.myUpload);
  return eq(documents.uploadedByClientSide, clientSide);
}

/** The caller's type for a stored document: 1 my upload, 2 received. */
export function documentTypeFor(scope: Pick<DocumentScope, 'isClient'>, uploadedByClientSide: boolean): DocumentType {
  return scope.isClient === uploadedByClientSide ? DOCUMENT_TYPE.myUpload : DOCUMENT_TYPE.received;
}

declare const documentIdInScopeBrand: unique symbol;

/**
 * A document id read through a `DocumentScope`: the compiler's proof that the caller may touch it,
 * so the follow-up reads and writes of one request (tags, comments, status, deletion) need not
 * repeat the scope's SQL. Only repositories make one (`documentIdInScope`).
 */
export type DocumentIdInScope = number & { readonly [documentIdInScopeBrand]: true };

/** For repositories only: marks the id of a document row just read within a scope. */
export function documentIdInScope(id: number): DocumentIdInScope {
  return id as DocumentIdInScope;
}

declare const documentFilingBrand: unique symbol;

/**
 * A client and service the scope may file documents under, read through it (`findFilingTarget`):
 * what an upload or an edit writes into a document's client and service columns.
 */
export type DocumentFilingInScope = {
  readonly clientId: number;
  readonly serviceId: number;
  readonly [documentFilingBrand]: true;
};

/** For repositories only: marks a client and service just checked within a scope. */
export function documentFilingInScope(clientId: number, serviceId: number): DocumentFilingInScope {
  return { clientId, serviceId } as DocumentFilingInScope;
}
