import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export type UserSessionsRepository = ReturnType<typeof createUserSessionsRepository>;

/** Reads of live sessions for the sessions screens; revoking goes through sessions.repository. */
export function createUserSessionsRepository({ db }: { db: DbOrTx }) {
  return {
    /** Live sessions (not revoked, not past their absolute end), the most recently used first. */
    async findActiveSessions(userId: number, tx: DbOrTx = db) {
      return tx
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** The session's owner while it is live, or null (unknown, ended, or expired). */
    async findActiveSessionOwner(sessionId: string, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
        .limit(1);
      return row?.userId ?? null;
    },

    async userExists(userId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },
  };
}
