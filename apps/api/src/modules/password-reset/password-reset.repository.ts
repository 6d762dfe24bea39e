import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema/index.js';

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;

/** Reset tokens are stored only as SHA-256 hashes: the database never holds a usable link. */
export function createPasswordResetRepository({ db }: { db: DbOrTx }) {
  const usable = (userId: number, tokenHash: string) =>
    and(
      eq(passwordResetTokens.userId, userId),
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    );

  return {
    /** E-mail addresses are unique case-insensitively, and matched the same way. */
    async findUserByEmail(emailAddress: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: users.id,
          firstName: users.firstName,
          emailAddress: users.emailAddress,
          isActive: users.isActive,
        })
        .from(users)
        .where(sql`lower(${users.emailAddress}) = ${emailAddress.toLowerCase()}`)
        .limit(1);
      return row ?? null;
    },

    async insertToken(row: { userId: number; tokenHash: string; expiresAt: Date }, tx: DbOrTx = db): Promise<void> {
      await tx.insert(passwordResetTokens).values(row);
    },

    /** Unused links of the user stop working (a newer one was sent, or the password was just set). */
    async discardUnusedTokens(userId: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    /** Unused, unexpired, and its user still active. */
    async isUsable(userId: number, tokenHash: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(and(usable(userId, tokenHash), eq(users.isActive, true)))
        .limit(1);
      return row !== undefined;
    },

    /** Marks the token used, atomically: of two requests racing with one link exactly one succeeds. */
    async consume(userId: number, tokenHash: string, tx: DbOrTx = db): Promise<boolean> {
      const consumed = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(usable(userId, tokenHash))
        .returning({ id: passwordResetTokens.id });
      return consumed.length > 0;
    },

    async updatePasswordHash(userId: number, passwordHash: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}
