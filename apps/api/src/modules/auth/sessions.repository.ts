import { and, eq, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  firmSettings,
  refreshTokens,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  userTwoFactor,
  users,
} from '../../db/schema/index.js';

/** The caller behind a session id: see `findPrincipal`. */
function principalQuery(tx: DbOrTx, sessionId: string | Placeholder) {
  return tx
    .select({
      userId: users.id,
      currentClientId: users.currentClientId,
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
    async insert(
      row: { id: string; userId: number; expiresAt: Date; ipAddress: string | null; userAgent: string | null },
      tx: DbOrTx = db,
    ): Promise<void> {
      await tx.insert(sessions).values(row);
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
