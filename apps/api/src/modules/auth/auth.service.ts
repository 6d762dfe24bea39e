import { randomUUID } from 'node:crypto';
import {
  LOGIN_RESULT,
  ROLE_NAME,
  type AuthenticateInput,
  type AuthenticateResult,
  type RefreshResult,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/audit.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { ThrottleRepository } from './throttle.repository.js';
import type { AccessTokens } from './tokens.js';
import { ERROR_CODE } from '@ledgerport/shared';

/** Who is calling: resolved from the access token on every request, permissions fresh from the roles. */
export interface Principal {
  userId: number;
  sessionId: string;
  roles: string[];
  permissions: string[];
  isClient: boolean;
}

const INCORRECT = 'Username or password is incorrect';
const NOT_ACTIVE = 'Your account has been deactivated. Please contact the administrator.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  tokens: AccessTokens;
  config: Pick<AppConfig, 'loginThrottle' | 'sessionAbsoluteTtlSeconds'>;
}) {
  const { db, users, sessions, throttle, audit, tokens, config } = deps;
  const limits = config.loginThrottle;

  async function issueRefreshToken(sessionId: string, tx: Parameters<SessionsRepository['insert']>[1]) {
    const refreshToken = randomToken();
    await sessions.insertRefreshToken({ tokenHash: sha256Hex(refreshToken), sessionId }, tx);
    return refreshToken;
  }

  async function checkThrottle(keys: Array<[string, number]>) {
    const waits = await Promise.all(
      keys.map(([key, max]) => throttle.retryAfterSeconds(key, max, limits.windowSeconds)),
    );
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many sign-in attempts. Try again later.');
  }

  return {
    async authenticate(input: AuthenticateInput, context: RequestContext) {
      const accountKey = `account:${input.usernameOrEmailAddress.toLowerCase()}`;
      const ipKey = `ip:${context.ipAddress}`;
      try {
        await checkThrottle([
          [accountKey, limits.maxFailuresPerAccount],
          [ipKey, limits.maxFailuresPerIp],
        ]);
      } catch (error) {
        await audit.record(context, {
          action: AUDIT_ACTION.signInThrottled,
          details: { login: input.usernameOrEmailAddress },
        });
        throw error;
      }

      const user = await users.findByLogin(input.usernameOrEmailAddress);
      // Unknown user and wrong password take the same time and give the same answer.
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);

      if (!user || !passwordOk) {
        await Promise.all([
          throttle.recordFailure(accountKey, limits.windowSeconds),
          throttle.recordFailure(ipKey, limits.windowSeconds),
        ]);
        await audit.record(context, {
          action: AUDIT_ACTION.signInFailed,
          actorUserId: user?.id ?? null,
          details: { login: input.usernameOrEmailAddress, reason: 'invalid-credentials' },
        });
        const result: AuthenticateResult = {
          resultType: LOGIN_RESULT.invalidUsernameOrEmail,
          errorMessage: INCORRECT,
          user: null,
          permissions: [],
        };
        return { result, refreshToken: null };
      }

      await throttle.clear(accountKey);
      if (!user.isActive) {
        await audit.record(context, {
          action: AUDIT_ACTION.signInFailed,
          actorUserId: user.id,
          details: { reason: 'user-not-active' },
        });
        const result: AuthenticateResult = {
          resultType: LOGIN_RESULT.userNotActive,
          errorMessage: NOT_ACTIVE,
          user: null,
          permissions: [],
        };
        return { result, refreshToken: null };
      }

      const [roleRows, permissions] = await Promise.all([users.findRoles(user.id), users.findPermissions(user.id)]);
      const sessionId = randomUUID();
      const refreshToken = await db.transaction(async (tx) => {
        await sessions.insert(
          {
            id: sessionId,
            userId: user.id,
            expiresAt: new Date(Date.now() + config.sessionAbsoluteTtlSeconds * 1000),
            ipAddress: context.ipAddress,
            userAgent: context.userAgent,
          },
          tx,
        );
        const token = await issueRefreshToken(sessionId, tx);
        await audit.record(
          context,
          { action: AUDIT_ACTION.signInSucceeded, actorUserId: user.id, objectType: 'session', objectId: sessionId },
          tx,
        );
        return token;
      });
      const accessToken = await tokens.sign({ userId: user.id, sessionId });

      const result: AuthenticateResult = {
        resultType: LOGIN_RESULT.success,
        errorMessage: null,
        user: {
          id: user.id,
          departmentId: user.departmentId,
          firstName: user.firstName,
          lastName: user.lastName,
          username: user.username,
          emailAddress: user.emailAddress,
          roles: roleRows.map((role) => role.name),
          isTaxEmployee: user.isTaxEmployee,
          isLeadOnboardingCompleted: user.isLeadOnboardingCompleted,
          leadIdHash: user.leadIdHash,
          jwtToken: { accessToken, refreshToken },
        },
        permissions,
      };
      return { result, refreshToken };
    },

    /**
     * Rotates a refresh token. A spent token presented again means it was stolen or replayed:
     * the whole session (token family) is revoked.
     */
    async refresh(refreshToken: string, context: RequestContext): Promise<RefreshResult> {
      const invalid = () =>
        new UnauthorizedError('The session has ended. Sign in again.', ERROR_CODE.invalidRefreshToken);
      const outcome = await db.transaction(async (tx) => {
        const consumed = await sessions.consumeRefreshToken(sha256Hex(refreshToken), tx);
        if (!consumed) return null;
        if (consumed.reused) {
          await sessions.revoke(consumed.sessionId, 'refresh-token-reuse', tx);
          return { reusedSessionId: consumed.sessionId } as const;
        }
        const session = await sessions.findActive(consumed.sessionId, tx);
        if (!session) return null;
        const user = await users.findById(session.userId, tx);
        if (!user?.isActive) {
          await sessions.revoke(session.id, 'user-not-active', tx);
          return null;
        }
        await sessions.touch(session.id, tx);
        const next = await issueRefreshToken(session.id, tx);
        return { session, refreshToken: next } as const;
      });
      if (!outcome) throw invalid();
      if ('reusedSessionId' in outcome) {
        await audit.record(context, {
          action: AUDIT_ACTION.refreshTokenReused,
          objectType: 'session',
          objectId: outcome.reusedSessionId,
        });
        throw invalid();
      }
      const { session } = outcome;
      const [accessToken, permissions] = await Promise.all([
        tokens.sign({ userId: session.userId, sessionId: session.id }),
        users.findPermissions(session.userId),
      ]);
      return { accessToken, refreshToken: outcome.refreshToken, permissions };
    },

    async logout(principal: Principal, context: RequestContext): Promise<void> {
      await sessions.revoke(principal.sessionId, 'logout');
      await audit.record(context, {
        action: AUDIT_ACTION.signOut,
        actorUserId: principal.userId,
        objectType: 'session',
        objectId: principal.sessionId,
      });
    },

    /** The caller behind an access token, or null when the token or its session is no longer valid. */
    async resolvePrincipal(accessToken: string): Promise<Principal | null> {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const found = await sessions.findPrincipal(claims.sessionId);
      if (!found || found.userId !== claims.userId) return null;
      const roleNames = found.roles;
      const permissions = found.permissions;
      return {
        userId: claims.userId,
        sessionId: claims.sessionId,
        roles: roleNames,
        permissions,
        isClient: roleNames.includes(ROLE_NAME.client),
      };
    },
  };
}
