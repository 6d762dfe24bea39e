import QRCode from 'qrcode';
import {
  TWO_FACTOR_ERROR_CODE,
  type RecoveryCodes,
  type TwoFactorDisableInput,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { Principal, SessionsRepository } from '../auth/index.js';
import type { SettingsRepository } from '../settings/index.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import type { SecondFactor } from './second-factor.js';
import { newTotpSecret, otpauthUrl } from './totp.js';
import type { TwoFactorRepository } from './two-factor.repository.js';

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

interface Actor {
  principal: Principal;
  context: RequestContext;
}

export function createTwoFactorService(deps: {
  db: Db;
  repository: TwoFactorRepository;
  secondFactor: SecondFactor;
  settings: SettingsRepository;
  fieldCrypto: FieldCrypto;
  audit: AuditLog;
  /** Turning two-factor on, or new recovery codes, end the user's other sessions. */
  sessions: SessionsRepository;
}) {
  const { db, repository, secondFactor, settings, fieldCrypto, audit, sessions } = deps;

  async function issueRecoveryCodes(userId: number, tx: DbOrTx = db): Promise<RecoveryCodes> {
    const recoveryCodes = newRecoveryCodes();
    await repository.replaceRecoveryCodes(userId, recoveryCodes.map(hashRecoveryCode), tx);
    return { recoveryCodes };
  }

  /**
   * New codes, the user's other sessions ended and the event audited, all or nothing (issue 17 item
   * 6): as after a password change, whoever holds a session opened before the second factor went on
   * (or before the old codes were replaced, maybe because one leaked) must sign in again, now with a
   * code. The session the change was made from stays.
   */
  async function secureAccount(actor: Actor, action: AuditAction, reason: string): Promise<RecoveryCodes> {
    const { principal, context } = actor;
    return db.transaction(async (tx) => {
      const codes = await issueRecoveryCodes(principal.userId, tx);
      const otherSessionsEnded = await sessions.revokeAllForUserExcept(
        principal.userId,
        principal.sessionId,
        reason,
        tx,
      );
      await audit.record(
        context,
        {
          action,
          actorUserId: principal.userId,
          objectType: 'user',
          objectId: principal.userId,
          details: { otherSessionsEnded },
        },
        tx,
      );
      return codes;
    });
  }

  return {
    async status(principal: Principal): Promise<TwoFactorStatus> {
      const [factor, remaining, firm] = await Promise.all([
        repository.find(principal.userId),
        repository.countUnusedRecoveryCodes(principal.userId),
        settings.get(),
      ]);
      const enabled = Boolean(factor?.enabledAt);
      const required = principal.isClient ? firm.twoFactorRequiredForClients : firm.twoFactorRequiredForStaff;
      return {
        enabled,
        enabledAt: factor?.enabledAt?.toISOString() ?? null,
        recoveryCodesRemaining: enabled ? remaining : 0,
        required,
        mustEnroll: required && !enabled,
      };
    },

    /** A fresh secret each time, until a first code confirms one. */
    async startEnrolment({ principal }: Actor): Promise<TwoFactorEnrolment> {
      const user = await repository.findUser(principal.userId);
      if (!user) throw new NotFoundError();
      if (await repository.isEnabled(principal.userId)) {
        throw new ConflictError('Two-factor sign-in is already on.', { code: TWO_FACTOR_ERROR_CODE.alreadyEnabled });
      }
      const secret = newTotpSecret();
      await repository.startEnrolment(principal.userId, fieldCrypto.encrypt(secret));
      const url = otpauthUrl(secret, user.emailAddress);
      return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
    },

    /** The first code turns it on; the recovery codes are shown this once and only their hashes kept. */
    async confirmEnrolment(code: string, { principal, context }: Actor): Promise<RecoveryCodes> {
      const factor = await repository.find(principal.userId);
      if (!factor) {
        throw new AppError(400, TWO_FACTOR_ERROR_CODE.noEnrolmentStarted, 'Start the set-up first.');
      }
      if (factor.enabledAt) {
        throw new ConflictError('Two-factor sign-in is already on.', { code: TWO_FACTOR_ERROR_CODE.alreadyEnabled });
      }
      await secondFactor.verify(principal.userId, { code }, context, { purpose: 'enrolment', enable: true });
      return secureAccount({ principal, context }, AUDIT_ACTION.mfaEnrolled, 'two-factor-enabled');
    },

    /** New recovery codes replace the old ones (all of them, used or not); needs a current code. */
    async regenerateRecoveryCodes(code: string, { principal, context }: Actor): Promise<RecoveryCodes> {
      if (!(await repository.isEnabled(principal.userId))) {
        throw new AppError(400, TWO_FACTOR_ERROR_CODE.notEnabled, 'Two-factor sign-in is off.');
      }
      await secondFactor.verify(principal.userId, { code }, context, { purpose: 'recovery-codes' });
      return secureAccount(
        { principal, context },
        AUDIT_ACTION.mfaRecoveryCodesRegenerated,
        'two-factor-recovery-codes-regenerated',
      );
    },

    async disable(input: TwoFactorDisableInput, { principal, context }: Actor): Promise<void> {
      const user = await repository.findUser(principal.userId);
      if (!user || !(await repository.isEnabled(principal.userId))) {
        throw new AppError(400, TWO_FACTOR_ERROR_CODE.notEnabled, 'Two-factor sign-in is off.');
      }
      if (input.code) {
        await secondFactor.verify(principal.userId, { code: input.code }, context, { purpose: 'disable' });
      } else {
        await secondFactor.verifyPassword(principal.userId, user.passwordHash, input.password ?? '', context);
      }
      await db.transaction(async (tx) => {
        await repository.remove(principal.userId, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.mfaDisabled,
            actorUserId: principal.userId,
            objectType: 'user',
            objectId: principal.userId,
          },
          tx,
        );
      });
    },

    /** An administrator removes a user's second factor (a lost phone); the user may enrol again. */
    async reset(userId: number, { principal, context }: Actor): Promise<void> {
      const user = await repository.findUser(userId);
      if (!user) throw new NotFoundError('User not found.');
      await db.transaction(async (tx) => {
        const removed = await repository.remove(userId, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.mfaReset,
            actorUserId: principal.userId,
            objectType: 'user',
            objectId: userId,
            details: { hadTwoFactor: removed },
          },
          tx,
        );
      });
    },
  };
}
