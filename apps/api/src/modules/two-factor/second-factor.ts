import { TWO_FACTOR, TWO_FACTOR_ERROR_CODE } from '@ledgerport/shared';
import { AppError, TooManyRequestsError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { ThrottleRepository } from '../auth/index.js';
import { recoveryCodeMatches } from './recovery-codes.js';
import { matchTotp } from './totp.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

export type SecondFactor = ReturnType<typeof createSecondFactor>;

export class InvalidTwoFactorCodeError extends AppError {
  constructor() {
    super(400, TWO_FACTOR_ERROR_CODE.invalidCode, 'The code is not valid. Check it and try again.');
  }
}

/** What the user proves presence with: a code from the app, or one of their recovery codes. */
export type Proof = { code: string; recoveryCode?: undefined } | { recoveryCode: string; code?: undefined };

/**
 * Checks codes for sign-in, enrolment and disabling alike, so the limits are the same everywhere:
 * at most five wrong codes per user in fifteen minutes (then 429), each TOTP step accepted once,
 * each recovery code once.
 */
export function createSecondFactor(deps: {
  repository: TwoFactorRepository;
  throttle: ThrottleRepository;
  fieldCrypto: FieldCrypto;
  audit: AuditLog;
}) {
  const { repository, throttle, fieldCrypto, audit } = deps;
  const throttleKey = (userId: number) => `two-factor:${userId}`;

  async function assertNotThrottled(userId: number) {
    const wait = await throttle.retryAfterSeconds(
      throttleKey(userId),
      TWO_FACTOR.maxFailures,
      TWO_FACTOR.failureWindowSeconds,
    );
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many wrong codes. Try again later.');
  }

  async function fail(userId: number, context: RequestContext, purpose: string): Promise<never> {
    await throttle.recordFailure(throttleKey(userId), TWO_FACTOR.failureWindowSeconds);
    await audit.record(context, {
      action: AUDIT_ACTION.mfaChallengeFailed,
      actorUserId: userId,
      objectType: 'user',
      objectId: userId,
      details: { purpose },
    });
    throw new InvalidTwoFactorCodeError();
  }

  return {
    /** The password as a proof of presence (disabling), under the same limit as wrong codes. */
    async verifyPassword(userId: number, passwordHash: string, password: string, context: RequestContext) {
      await assertNotThrottled(userId);
      if (await verifyPassword(passwordHash, password)) return;
      await throttle.recordFailure(throttleKey(userId), TWO_FACTOR.failureWindowSeconds);
      await audit.record(context, {
        action: AUDIT_ACTION.mfaChallengeFailed,
        actorUserId: userId,
        objectType: 'user',
        objectId: userId,
        details: { purpose: 'disable-password' },
      });
      throw new AppError(400, TWO_FACTOR_ERROR_CODE.passwordIncorrect, 'The password is incorrect.');
    },

    /**
     * Accepts the proof or throws (400 wrong code, 429 throttled). `enable` confirms a pending
     * enrolment with its first code; recovery codes only work once enrolment is complete.
     */
    async verify(
      userId: number,
      proof: Proof,
      context: RequestContext,
      options: { purpose: string; enable?: boolean },
    ): Promise<void> {
      await assertNotThrottled(userId);
      const factor = await repository.find(userId);
      if (!factor) return fail(userId, context, options.purpose);
      if (proof.code !== undefined) {
        const step = await matchTotp(fieldCrypto.decrypt(factor.secretEncrypted), proof.code, factor.lastUsedTimeStep);
        const accepted = step !== null && (await repository.useTimeStep(userId, step, Boolean(options.enable)));
        if (!accepted) return fail(userId, context, options.purpose);
        return;
      }
      if (!factor.enabledAt) return fail(userId, context, options.purpose);
      const codes = await repository.unusedRecoveryCodes(userId);
      const match = codes.find((row) => recoveryCodeMatches(row.codeHash, proof.recoveryCode));
      if (!match || !(await repository.useRecoveryCode(match.id))) {
        return fail(userId, context, options.purpose);
      }
      await audit.record(context, {
        action: AUDIT_ACTION.mfaRecoveryCodeUsed,
        actorUserId: userId,
        objectType: 'user',
        objectId: userId,
      });
    },
  };
}
