import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, userProfilePictures, users } from '../../db/schema/index.js';

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export interface ProfileDetails {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  extension: string | null;
}

/** The signed-in user's own row and picture: SQL only. */
export function createProfileRepository({ db }: { db: DbOrTx }) {
  return {
    async findPasswordHash(userId: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.passwordHash ?? null;
    },

    async updateDetails(userId: number, details: ProfileDetails, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ ...details, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async updatePasswordHash(userId: number, passwordHash: string, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /** A reset link asked for before a password change must not undo it. */
    async discardUnusedResetTokens(userId: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    async hasPicture(userId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ userId: userProfilePictures.userId })
        .from(userProfilePictures)
        .where(eq(userProfilePictures.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async findPicture(userId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          contentType: userProfilePictures.contentType,
          data: userProfilePictures.data,
          updatedAt: userProfilePictures.updatedAt,
        })
        .from(userProfilePictures)
        .where(eq(userProfilePictures.userId, userId))
        .limit(1);
      return row ?? null;
    },

    async upsertPicture(userId: number, picture: { contentType: string; data: Buffer }, tx: DbOrTx = db) {
      await tx
        .insert(userProfilePictures)
        .values({ userId, ...picture })
        .onConflictDoUpdate({
          target: userProfilePictures.userId,
          set: { ...picture, updatedAt: sql`now()` },
        });
    },

    async deletePicture(userId: number, tx: DbOrTx = db): Promise<void> {
      await tx.delete(userProfilePictures).where(eq(userProfilePictures.userId, userId));
    },
  };
}
