import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor, users } from '../../db/schema/index.js';

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

export function createTwoFactorRepository({ db }: { db: DbOrTx }) {
  return {
    /** For disabling with the password instead of a code. */
    async findUser(userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: users.id, emailAddress: users.emailAddress, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async find(userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          secretEncrypted: userTwoFactor.secretEncrypted,
          enabledAt: userTwoFactor.enabledAt,
          lastUsedTimeStep: userTwoFactor.lastUsedTimeStep,
        })
        .from(userTwoFactor)
        .where(eq(userTwoFactor.userId, userId))
        .limit(1);
      return row ?? null;
    },

    async isEnabled(userId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ userId: userTwoFactor.userId })
        .from(userTwoFactor)
        .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
        .limit(1);
      return Boolean(row);
    },

    /** A new pending enrolment replaces an unconfirmed one; never an enabled one (the caller checks). */
    async startEnrolment(userId: number, secretEncrypted: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .insert(userTwoFactor)
        .values({ userId, secretEncrypted })
        .onConflictDoUpdate({
          target: userTwoFactor.userId,
          set: { secretEncrypted, enabledAt: null, lastUsedTimeStep: null, createdAt: sql`now()` },
          setWhere: isNull(userTwoFactor.enabledAt),
        });
    },

    /**
     * Records `timeStep` as used, atomically: of two requests racing with the same code exactly one
     * gets true. Also enables a pending enrolment when `enable` is set.
     */
    async useTimeStep(userId: number, timeStep: number, enable: boolean, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(userTwoFactor)
        .set({ lastUsedTimeStep: timeStep, ...(enable ? { enabledAt: sql`now()` } : {}) })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            or(isNull(userTwoFactor.lastUsedTimeStep), lt(userTwoFactor.lastUsedTimeStep, timeStep)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    /** Removes the second factor and its recovery codes (disable, admin reset). */
    async remove(userId: number, tx: DbOrTx = db): Promise<boolean> {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      const removed = await tx
        .delete(userTwoFactor)
        .where(eq(userTwoFactor.userId, userId))
        .returning({ userId: userTwoFactor.userId });
      return removed.length > 0;
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[], tx: DbOrTx = db): Promise<void> {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    async unusedRecoveryCodes(userId: number, tx: DbOrTx = db) {
      return tx
        .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    },

    async countUnusedRecoveryCodes(userId: number, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Marks a recovery code used; false when a concurrent request spent it first. */
    async useRecoveryCode(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length > 0;
    },

    async insertChallenge(row: { tokenHash: string; userId: number; ttlSeconds: number }, tx: DbOrTx = db) {
      // The user's dead challenges go as a new one comes, so the table stays small without a sweeper.
      await tx
        .delete(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.userId, row.userId),
            or(isNotNull(twoFactorChallenges.usedAt), sql`${twoFactorChallenges.expiresAt} <= now()`),
          ),
        );
      await tx.insert(twoFactorChallenges).values({
        tokenHash: row.tokenHash,
        userId: row.userId,
        expiresAt: sql`now() + make_interval(secs => ${row.ttlSeconds})`,
      });
    },

    /** The user a live (unspent, unexpired) challenge belongs to. */
    async findLiveChallenge(tokenHash: string, tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx
        .select({ userId: twoFactorChallenges.userId })
        .from(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            isNull(twoFactorChallenges.usedAt),
            sql`${twoFactorChallenges.expiresAt} > now()`,
          ),
        )
        .limit(1);
      return row?.userId ?? null;
    },

    /** Spends a challenge, atomically; false when it was spent or expired meanwhile. */
    async consumeChallenge(tokenHash: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(twoFactorChallenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            isNull(twoFactorChallenges.usedAt),
            sql`${twoFactorChallenges.expiresAt} > now()`,
          ),
        )
        .returning({ userId: twoFactorChallenges.userId });
      return rows.length > 0;
    },
  };
}
