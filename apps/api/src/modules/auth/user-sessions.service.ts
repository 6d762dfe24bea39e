import type { SessionDto } from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from './auth.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UserSessionsRepository } from './user-sessions.repository.js';

export type UserSessionsService = ReturnType<typeof createUserSessionsService>;

/** A user's own sessions, and an administrator's view of anyone's (issue 11). */
export function createUserSessionsService(deps: {
  db: Db;
  repository: UserSessionsRepository;
  sessions: SessionsRepository;
  audit: AuditLog;
}) {
  const { db, repository, sessions, audit } = deps;

  async function sessionsOf(userId: number, currentSessionId: string | null): Promise<SessionDto[]> {
    const rows = await repository.findActiveSessions(userId);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      current: row.id === currentSessionId,
    }));
  }

  return {
    mySessions(caller: Principal): Promise<SessionDto[]> {
      return sessionsOf(caller.userId, caller.sessionId);
    },

    /**
     * Ends one of the caller's sessions the way logout does (the session row is marked revoked, so
     * its access token fails at once and its refresh token is refused). Someone else's session, or
     * one already ended, is 404.
     */
    async revokeMine(sessionId: string, caller: Principal, context: RequestContext): Promise<void> {
      const isCurrent = sessionId === caller.sessionId;
      await db.transaction(async (tx) => {
        const owner = await repository.findActiveSessionOwner(sessionId, tx);
        if (owner !== caller.userId) throw new NotFoundError();
        await sessions.revoke(sessionId, isCurrent ? 'logout' : 'revoked-by-user', tx);
        await audit.record(
          context,
          {
            action: isCurrent ? AUDIT_ACTION.signOut : AUDIT_ACTION.sessionRevoked,
            actorUserId: caller.userId,
            objectType: 'session',
            objectId: sessionId,
            details: { userId: caller.userId },
          },
          tx,
        );
      });
    },

    async userSessions(userId: number): Promise<SessionDto[]> {
      if (!(await repository.userExists(userId))) throw new NotFoundError();
      return sessionsOf(userId, null);
    },

    /**
     * An administrator ends one session of a user (a lost laptop), leaving the others signed in. A
     * session that is not that user's, or no longer live, is 404: the path cannot reach another's.
     */
    async revokeOneOfUser(
      userId: number,
      sessionId: string,
      caller: Principal,
      context: RequestContext,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const owner = await repository.findActiveSessionOwner(sessionId, tx);
        if (owner !== userId) throw new NotFoundError();
        await sessions.revoke(sessionId, 'revoked-by-admin', tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.sessionRevoked,
            actorUserId: caller.userId,
            objectType: 'session',
            objectId: sessionId,
            details: { userId },
          },
          tx,
        );
      });
    },

    /** An administrator ends every session of a user, as deactivation does. */
    async revokeAllOfUser(userId: number, caller: Principal, context: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repository.userExists(userId, tx))) throw new NotFoundError();
        const live = await repository.findActiveSessions(userId, tx);
        await sessions.revokeAllForUser(userId, 'revoked-by-admin', tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.sessionRevoked,
            actorUserId: caller.userId,
            objectType: 'user',
            objectId: userId,
            details: { sessionIds: live.map((session) => session.id) },
          },
          tx,
        );
      });
    },
  };
}
