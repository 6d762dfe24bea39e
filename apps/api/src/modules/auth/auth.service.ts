import { randomUUID } from 'node:crypto';
import {
  FIRM_SETTINGS_DEFAULTS,
  LOGIN_RESULT,
  ROLE_NAME,
  TWO_FACTOR,
  TWO_FACTOR_ERROR_CODE,
  type AuthenticateInput,
  type AuthenticateResult,
  type RefreshResult,
  type TwoFactorSignInInput,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createSecondFactor, createTwoFactorRepository } from '../two-factor/index.js';
import type { UsersRepository } from '../users/index.js';
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
  /**
   * The firm requires two-factor sign-in for the user's group and they have not enrolled: every
   * route but enrolment, users/me, logout and refresh answers 403 (modules/auth/two-factor-gate.ts).
   */
  mustEnrollTwoFactor: boolean;
  /**
   * The client this session acts for (ADR 0014), read in the same query as the session: null for
   * staff, when none is chosen, or when the user no longer owns or actively collaborates on the
   * client chosen. Document scopes need no second lookup.
   */
  currentClientId: number | null;
}

/**
 * Whether a live session has sat unused longer than its group's idle limit. Also for the notification
 * stream, which checks its session without touching it (an open tab is no activity).
 */
export function isIdle(found: NonNullable<Awaited<ReturnType<SessionsRepository['findPrincipal']>>>): boolean {
  const isClient = found.roles.includes(ROLE_NAME.client);
  const idleMinutes = isClient
    ? (found.settings?.sessionIdleMinutesClients ?? FIRM_SETTINGS_DEFAULTS.sessionIdleMinutesClients)
    : (found.settings?.sessionIdleMinutesStaff ?? FIRM_SETTINGS_DEFAULTS.sessionIdleMinutesStaff);
  return found.idleSeconds > idleMinutes * 60;
}

/** Matches touchIfStale's one-minute condition, so a request that would change nothing sends nothing. */
const TOUCH_AFTER_SECONDS = 60;

const INCORRECT = 'Username or password is incorrect';

/** The per-account sign-in throttle key of an existing account: its id, whichever login named it. */
export const accountThrottleKey = (userId: number) => `account:user:${userId}`;

/** How an unknown login is counted: as findByLogin compares (case-insensitive), trimmed. */
function normalisedLogin(input: AuthenticateInput): string {
  return input.usernameOrEmailAddress.trim().toLowerCase();
}
const NOT_ACTIVE = 'Your account has been deactivated. Please contact the administrator.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  tokens: AccessTokens;
  config: Pick<AppConfig, 'loginThrottle' | 'sessionAbsoluteTtlSeconds' | 'encryptionKey' | 'dataDir'>;
  /** Decrypts TOTP secrets; built from the same key as the app's when not given. */
  fieldCrypto: FieldCrypto;
}) {
  const { db, users, sessions, throttle, audit, tokens, config } = deps;
  const limits = config.loginThrottle;
  const twoFactor = createTwoFactorRepository({ db });
  const settings = createSettingsRepository({
    db,
    absoluteDefaultHours: hoursFromSeconds(config.sessionAbsoluteTtlSeconds),
  });
  const secondFactor = createSecondFactor({
    repository: twoFactor,
    throttle,
    audit,
    fieldCrypto: deps.fieldCrypto,
  });
  const challengeInvalid = () =>
    new AppError(
      400,
      TWO_FACTOR_ERROR_CODE.challengeInvalid,
      'The sign-in has expired. Enter your username and password again.',
    );

  /** The saved setting wins; SESSION_ABSOLUTE_TTL_SECONDS is the default until one is saved. */
  async function absoluteLifetimeSeconds(): Promise<number> {
    const saved = await settings.findSaved();
    return saved ? saved.sessionAbsoluteHours * 3600 : config.sessionAbsoluteTtlSeconds;
  }

  type SignedInUser = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

  /** A new session with its first tokens: the end of every successful sign-in, with or without a code. */
  async function startSession(user: SignedInUser, context: RequestContext, details?: Record<string, unknown>) {
    const [roleRows, permissions, lifetimeSeconds] = await Promise.all([
      users.findRoles(user.id),
      users.findPermissions(user.id),
      absoluteLifetimeSeconds(),
    ]);
    const sessionId = randomUUID();
    const refreshToken = await db.transaction(async (tx) => {
      await sessions.insert(
        {
          id: sessionId,
          userId: user.id,
          expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
          ipAddress: context.ipAddress,
          userAgent: context.userAgent,
        },
        tx,
      );
      const token = await issueRefreshToken(sessionId, tx);
      await audit.record(
        context,
        {
          action: AUDIT_ACTION.signInSucceeded,
          actorUserId: user.id,
          objectType: 'session',
          objectId: sessionId,
          ...(details ? { details } : {}),
        },
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
    return { result, refreshToken, refreshTokenMaxAgeSeconds: lifetimeSeconds };
  }

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
      // Looked up before the throttle check, for every attempt: the per-account budget belongs to
      // the account, so its username and its e-mail address (any case) share one budget of
      // maxFailuresPerAccount (issue 17 item 5). A login that names no account is counted by its
      // normalised text; both paths make the same queries and the same (dummy) hash verification.
      const user = await users.findByLogin(input.usernameOrEmailAddress);
      const accountKey = user ? accountThrottleKey(user.id) : `account:login:${normalisedLogin(input)}`;
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
        return { result, refreshToken: null, refreshTokenMaxAgeSeconds: 0 };
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
        return { result, refreshToken: null, refreshTokenMaxAgeSeconds: 0 };
      }

      if (await twoFactor.isEnabled(user.id)) {
        // No session and no token yet: an old client reading only resultType still holds nothing usable.
        const challengeToken = randomToken();
        await twoFactor.insertChallenge({
          tokenHash: sha256Hex(challengeToken),
          userId: user.id,
          ttlSeconds: TWO_FACTOR.challengeTtlSeconds,
        });
        const result: AuthenticateResult = {
          resultType: LOGIN_RESULT.success,
          errorMessage: null,
          user: null,
          permissions: [],
          twoFactorRequired: true,
          challengeToken,
        };
        return { result, refreshToken: null, refreshTokenMaxAgeSeconds: 0 };
      }
      return startSession(user, context);
    },

    /**
     * The second sign-in step: the challenge from the password step plus a code from the app or a
     * recovery code. Wrong codes keep the challenge (the user may retry within its five minutes,
     * under the five-wrong-codes limit); success spends it and starts the session.
     */
    async authenticateTwoFactor(input: TwoFactorSignInInput, context: RequestContext) {
      const tokenHash = sha256Hex(input.challengeToken);
      const userId = await twoFactor.findLiveChallenge(tokenHash);
      if (userId === null) throw challengeInvalid();
      const proof = input.code !== undefined ? { code: input.code } : { recoveryCode: input.recoveryCode ?? '' };
      await secondFactor.verify(userId, proof, context, { purpose: 'sign-in' });
      if (!(await twoFactor.consumeChallenge(tokenHash))) throw challengeInvalid();
      const user = await users.findById(userId);
      if (!user?.isActive) throw challengeInvalid();
      return startSession(user, context, { secondFactor: input.code !== undefined ? 'totp' : 'recovery-code' });
    },

    /**
     * Rotates a refresh token. A spent token presented again means it was stolen or replayed:
     * the whole session (token family) is revoked. A `background` refresh (one no person asked for)
     * rotates the token like any other but is no activity: an idle session is still revoked, and a
     * live one is not kept alive by it.
     */
    async refresh(
      refreshToken: string,
      context: RequestContext,
      { background = false }: { background?: boolean } = {},
    ): Promise<RefreshResult> {
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
        const live = await sessions.findPrincipal(session.id, tx);
        if (live && isIdle(live)) {
          await sessions.revoke(session.id, 'idle', tx);
          return null;
        }
        const user = await users.findById(session.userId, tx);
        if (!user?.isActive) {
          await sessions.revoke(session.id, 'user-not-active', tx);
          return null;
        }
        if (!background) await sessions.touch(session.id, tx);
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

    /**
     * The caller behind an access token, or null when the token or its session is no longer valid.
     * A `background` request is authenticated the same way but leaves last_seen_at alone.
     */
    async resolvePrincipal(
      accessToken: string,
      { background = false }: { background?: boolean } = {},
    ): Promise<Principal | null> {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const found = await sessions.findPrincipal(claims.sessionId);
      if (!found || found.userId !== claims.userId) return null;
      if (isIdle(found)) {
        await sessions.revoke(claims.sessionId, 'idle');
        return null;
      }
      // last_seen_at is kept to the minute: most requests need no write at all.
      if (!background && found.idleSeconds >= TOUCH_AFTER_SECONDS) await sessions.touchIfStale(claims.sessionId);
      const isClient = found.roles.includes(ROLE_NAME.client);
      const required = isClient
        ? (found.settings?.twoFactorRequiredForClients ?? FIRM_SETTINGS_DEFAULTS.twoFactorRequiredForClients)
        : (found.settings?.twoFactorRequiredForStaff ?? FIRM_SETTINGS_DEFAULTS.twoFactorRequiredForStaff);
      return {
        userId: claims.userId,
        sessionId: claims.sessionId,
        roles: found.roles,
        permissions: found.permissions,
        isClient,
        mustEnrollTwoFactor: required && !found.twoFactorEnabled,
        currentClientId: found.currentClientId,
      };
    },
  };
}
