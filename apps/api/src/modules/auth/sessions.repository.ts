import { and, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  clientCollaborators,
  clients,
  firmSettings,
  lastChosenClients,
  refreshTokens,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  userTwoFactor,
  users,
} from '../../db/schema/index.js';

/**
 * `clientId` when the user may act for it (owns it or actively collaborates on it, the rule of
 * `ClientScope`), else null: a session or a last choice pointing at a client the user has lost since
 * (the owner deactivated them, staff removed them) counts as none.
 */
function usableClient(userId: SQL | AnyPgColumn, clientId: SQL | AnyPgColumn): SQL<number | null> {
  return sql<number | null>`(select ${clients.id} from ${clients}
    where ${clients.id} = ${clientId}
      and (${clients.ownerUserId} = ${userId} or exists(
        select 1 from ${clientCollaborators}
        where ${clientCollaborators.clientId} = ${clients.id} and ${clientCollaborators.userId} = ${userId}
          and ${clientCollaborators.isActive})))`;
}

/**
 * The account a new session of `userId` starts on: their last choice, or (while `users` still has
 * the column, ADR 0014) the one set on the user row when they have never chosen since; only if they
 * may still act for it.
 */
function startingClient(userId: number): SQL<number | null> {
  const lastChoice = sql`(select case
      when exists(select 1 from ${lastChosenClients} where ${lastChosenClients.userId} = ${userId})
      then (select ${lastChosenClients.clientId} from ${lastChosenClients} where ${lastChosenClients.userId} = ${userId})
      else (select ${users.currentClientId} from ${users} where ${users.id} = ${userId})
    end)`;
  return usableClient(sql`${userId}`, lastChoice);
}

/** The caller behind a session id: see `findPrincipal`. */
function principalQuery(tx: DbOrTx, sessionId: string | Placeholder) {
  return tx
    .select({
      userId: users.id,
      currentClientId: usableClient(users.id, sessions.currentClientId),
      roles: sql<string[]>`array(
        select ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id} order by ${roles.id})`,
      permissions: sql<string[]>`array(
        select distinct ${rolePermissions.permission} from ${userRoles}
        join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`,
      idleSeconds: sql<number>`extract(epoch from (now() - ${sessions.lastSeenAt}))::float8`,
      twoFactorEnabled: sql<boolean>`exists(
        select 1 from ${userTwoFactor}
        where ${userTwoFactor.userId} = ${users.id} and ${userTwoFactor.enabledAt} is not null)`,
      // Null while the firm has saved no settings: the code's defaults apply.
      settings: sql<{
        twoFactorRequiredForStaff: boolean;
        twoFactorRequiredForClients: boolean;
        sessionIdleMinutesStaff: number;
        sessionIdleMinutesClients: number;
      } | null>`(select json_build_object(
        'twoFactorRequiredForStaff', ${firmSettings.twoFactorRequiredForStaff},
        'twoFactorRequiredForClients', ${firmSettings.twoFactorRequiredForClients},
        'sessionIdleMinutesStaff', ${firmSettings.sessionIdleMinutesStaff},
        'sessionIdleMinutesClients', ${firmSettings.sessionIdleMinutesClients})
        from ${firmSettings} limit 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        eq(users.isActive, true),
      ),
    )
    .limit(1);
}

type PrincipalStatement = ReturnType<ReturnType<typeof principalQuery>['prepare']>;

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createSessionsRepository({ db }: { db: DbOrTx }) {
  let principalStatement: PrincipalStatement | undefined;
  return {
    /** A new session, acting for the account the user chose last (when they still may). */
    async insert(
      row: { id: string; userId: number; expiresAt: Date; ipAddress: string | null; userAgent: string | null },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx.insert(sessions).values({ ...row, currentClientId: startingClient(row.userId) });
    },

    /**
     * The session acts for `clientId` from its next request on, and new sign-ins of the user start
     * on it (ADR 0014); one statement, so the two never disagree. The users row is not touched: its
     * version (ETag) is the administrator's and the person's profile edits', not this choice's. The
     * caller has checked that the user may act for the client.
     */
    async chooseClient(sessionId: string, userId: number, clientId: number, tx: DbOrTx = db): Promise<void> {
      await tx.execute(sql`with chosen as (
          update ${sessions} set current_client_id = ${clientId}
          where ${sessions.id} = ${sessionId} and ${sessions.userId} = ${userId}
          returning ${sessions.userId})
        insert into ${lastChosenClients} (user_id, client_id)
        select user_id, ${clientId} from chosen
        on conflict (user_id) do update set client_id = excluded.client_id`);
    },

    async insertRefreshToken(row: { tokenHash: string; sessionId: string }, tx: DbOrTx = db): Promise<void> {
      await tx.insert(refreshTokens).values(row);
    },

    /** Whether a session is still usable: not revoked and not past its absolute end. */
    async findActive(sessionId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks a refresh token used, atomically: of two requests racing with the same token exactly
     * one gets the row back. `reused` tells a spent token from an unknown one.
     */
    async consumeRefreshToken(tokenHash: string, tx: DbOrTx = db) {
      const [consumed] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (consumed) return { sessionId: consumed.sessionId, reused: false } as const;
      const [spent] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return spent ? ({ sessionId: spent.sessionId, reused: true } as const) : null;
    },

    /**
     * Everything a request needs to know about its caller, in one round trip: the session must be
     * live and the user active; roles and permissions are read fresh so role edits apply at once.
     * Outside a transaction it runs as the named statement `auth_find_principal`: each pooled
     * connection parses it once and PostgreSQL stops planning it on every request (ADR 0009).
     */
    async findPrincipal(sessionId: string, tx?: DbOrTx) {
      const [row] = tx
        ? await principalQuery(tx, sessionId)
        : await (principalStatement ??= principalQuery(db, sql.placeholder('sessionId')).prepare(
            'auth_find_principal',
          )).execute({ sessionId });
      return row ?? null;
    },

    /**
     * Records activity at most once a minute per session, so busy sessions cost no write per request
     * (the caller skips it when findPrincipal's idleSeconds is under a minute).
     */
    async touchIfStale(sessionId: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
    },

    async touch(sessionId: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    async revoke(sessionId: string, reason: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllForUser(userId: number, reason: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /**
     * Every other session of the user: a password change, or turning two-factor sign-in on, keeps
     * the one it was made from. Answers how many sessions it ended (for the audit trail).
     */
    async revokeAllForUserExcept(
      userId: number,
      keepSessionId: string,
      reason: string,
      tx: DbOrTx = db,
    ): Promise<number> {
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },
  };
}
