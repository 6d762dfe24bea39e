import { and, eq, not, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMessages, conversations } from '../../db/schema/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeCondition, clientScopeOf, type ClientScope } from '../clients/index.js';

declare const conversationScopeBrand: unique symbol;

/**
 * Which conversations and messages a caller may see (docs/messages.md; ADR 0010):
 *
 * - staff see the conversations of every client they can see (`clientScopeOf`: every client), and
 *   every message in them, internal notes included;
 * - a client user those of their current client only, as its owner or an active collaborator, and
 *   never an internal note.
 *
 * Resolved once per request from the principal and handed to every messages repository method; a
 * conversation or message outside it answers 404.
 */
export interface ConversationScope {
  readonly [conversationScopeBrand]: true;
  readonly userId: number;
  readonly isClient: boolean;
  /** Client users: the client they act for (null: none chosen, so nothing is visible). */
  readonly currentClientId: number | null;
  readonly clients: ClientScope;
}

export function conversationScopeOf(
  principal: Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>,
): ConversationScope {
  return {
    userId: principal.userId,
    isClient: principal.isClient,
    currentClientId: principal.isClient ? principal.currentClientId : null,
    clients: clientScopeOf(principal),
  } as ConversationScope;
}

/** The WHERE condition on `conversations` for what the scope may see; undefined means everything. For repositories only. */
export function conversationScopeCondition(db: DbOrTx, scope: ConversationScope): SQL | undefined {
  if (!scope.isClient) return clientScopeCondition(db, scope.clients, conversations.clientId);
  if (scope.currentClientId === null) return eq(conversations.id, -1);
  return and(
    eq(conversations.clientId, scope.currentClientId),
    clientScopeCondition(db, scope.clients, conversations.clientId),
  );
}

/**
 * The WHERE condition on `conversation_messages` for which messages of a visible conversation the
 * scope may read: internal notes are the firm's alone. For repositories only.
 */
export function visibleMessageCondition(scope: ConversationScope): SQL | undefined {
  return scope.isClient ? not(conversationMessages.isInternalNote) : undefined;
}

declare const conversationIdInScopeBrand: unique symbol;

/**
 * A conversation id read through a `ConversationScope`: the compiler's proof that the caller may
 * touch it, so the follow-up reads and writes of one call need not repeat the scope's SQL. Only
 * repositories make one (`conversationIdInScope`).
 */
export type ConversationIdInScope = number & { readonly [conversationIdInScopeBrand]: true };

/** For repositories only: marks the id of a conversation row just read within a scope. */
export function conversationIdInScope(id: number): ConversationIdInScope {
  return id as ConversationIdInScope;
}

declare const conversationTargetBrand: unique symbol;

/** A client read within the caller's client scope: where a new conversation may go. */
export type ConversationTargetInScope = number & { readonly [conversationTargetBrand]: true };

/** For repositories only: marks a client id just read within a scope. */
export function conversationTargetInScope(clientId: number): ConversationTargetInScope {
  return clientId as ConversationTargetInScope;
}
