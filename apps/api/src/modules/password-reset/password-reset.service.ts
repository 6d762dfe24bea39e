import {
  PASSWORD_RESET_ERROR_CODE,
  PASSWORD_RESET_TOKEN_TTL_MINUTES,
  RESET_EMAIL_RESULT,
  type ForgotPasswordTokenQuery,
  type ResetPasswordInput,
  type SendResetPasswordEmailInput,
  type SendResetPasswordEmailResult,
} from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { BadRequestError, TooManyRequestsError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { SessionsRepository, ThrottleRepository } from '../auth/index.js';
import type { MailService } from '../mail/index.js';
import type { PasswordResetRepository } from './password-reset.repository.js';

/**
 * Reset e-mails a caller may ask for: few per address, so nobody can flood someone's inbox, and a
 * bounded number per IP address, so the answers cannot be used to sweep for registered addresses.
 */
export const RESET_EMAIL_LIMITS = { perEmail: 5, perIp: 20, windowSeconds: 60 * 60 } as const;

const NOT_REGISTERED = 'This email is not registered.';
const DEACTIVATED = 'This user has been deactivated. Please contact the administrator.';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

export function createPasswordResetService(deps: {
  db: Db;
  resets: PasswordResetRepository;
  sessions: SessionsRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  mail: MailService;
  config: Pick<AppConfig, 'appUrl'>;
}) {
  const { db, resets, sessions, throttle, audit, mail, config } = deps;
  const unusable = () =>
    new BadRequestError(
      'This link has expired or has already been used. Ask for a new one.',
      PASSWORD_RESET_ERROR_CODE.tokenUnusable,
    );

  async function countRequest(emailAddress: string, context: RequestContext) {
    const keys: Array<[string, number]> = [
      [`reset-email:email:${emailAddress.toLowerCase()}`, RESET_EMAIL_LIMITS.perEmail],
      [`reset-email:ip:${context.ipAddress}`, RESET_EMAIL_LIMITS.perIp],
    ];
    const waits = await Promise.all(
      keys.map(([key, max]) => throttle.retryAfterSeconds(key, max, RESET_EMAIL_LIMITS.windowSeconds)),
    );
    const wait = Math.max(...waits);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many reset requests. Try again later.');
    await Promise.all(keys.map(([key]) => throttle.recordFailure(key, RESET_EMAIL_LIMITS.windowSeconds)));
  }

  return {
    /** Spec 01 section 4.2: 1 sent, 2 not a registered address, 3 deactivated user. */
    async sendResetEmail(
      input: SendResetPasswordEmailInput,
      context: RequestContext,
    ): Promise<SendResetPasswordEmailResult> {
      await countRequest(input.emailAddress, context);
      const user = await resets.findUserByEmail(input.emailAddress);
      if (!user) return { resultType: RESET_EMAIL_RESULT.invalidEmail, errorMessage: NOT_REGISTERED };
      if (!user.isActive) return { resultType: RESET_EMAIL_RESULT.deactivatedUser, errorMessage: DEACTIVATED };

      const token = randomToken();
      const link = new URL('/forgot-password', config.appUrl);
      link.searchParams.set('token', token);
      link.searchParams.set('userId', String(user.id));
      await db.transaction(async (tx) => {
        // Only the newest link works.
        await resets.discardUnusedTokens(user.id, tx);
        await resets.insertToken(
          {
            userId: user.id,
            tokenHash: sha256Hex(token),
            expiresAt: new Date(Date.now() + PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000),
          },
          tx,
        );
        await mail.queue(
          'passwordReset',
          user.emailAddress,
          { firstName: user.firstName, resetUrl: link.toString(), validMinutes: PASSWORD_RESET_TOKEN_TTL_MINUTES },
          tx,
        );
        await audit.record(
          context,
          { action: AUDIT_ACTION.passwordResetRequested, objectType: 'user', objectId: user.id },
          tx,
        );
      });
      return { resultType: RESET_EMAIL_RESULT.success, errorMessage: null };
    },

    isTokenUsable(query: ForgotPasswordTokenQuery): Promise<boolean> {
      return resets.isUsable(query.userId, sha256Hex(query.token));
    },

    /** Sets the new password, spends the link and ends every session of the user. */
    async resetPassword(input: ResetPasswordInput, context: RequestContext): Promise<void> {
      const tokenHash = sha256Hex(input.token);
      // Checked first so that a dead link costs no password hashing.
      if (!(await resets.isUsable(input.userId, tokenHash))) throw unusable();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await resets.consume(input.userId, tokenHash, tx))) throw unusable();
        await resets.updatePasswordHash(input.userId, passwordHash, tx);
        await resets.discardUnusedTokens(input.userId, tx);
        await sessions.revokeAllForUser(input.userId, 'password-reset', tx);
        await audit.record(
          context,
          { action: AUDIT_ACTION.passwordResetCompleted, objectType: 'user', objectId: input.userId },
          tx,
        );
      });
    },
  };
}
