import { ERROR_CODE, type ChangePasswordInput, type ProfileDto, type ProfilePictureQuery } from '@ledgerport/shared';
import type { AppConfig } from '../../config/index.js';
import type { Db } from '../../db/client.js';
import { BadRequestError, NotFoundError, TooManyRequestsError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal, SessionsRepository, ThrottleRepository } from '../auth/index.js';
import type { UsersRepository } from '../users/index.js';
import { normalisePicture, resizePicture } from './profile-picture.images.js';
import type { ProfileUpdate } from './profile.multipart.js';
import type { ProfileRepository } from './profile.repository.js';

export type ProfileService = ReturnType<typeof createProfileService>;

export type PictureAnswer =
  { notModified: true; etag: string } | { notModified: false; etag: string; contentType: string; data: Buffer };

export function createProfileService(deps: {
  db: Db;
  users: UsersRepository;
  profiles: ProfileRepository;
  sessions: SessionsRepository;
  throttle: ThrottleRepository;
  audit: AuditLog;
  config: Pick<AppConfig, 'loginThrottle'>;
}) {
  const { db, users, profiles, sessions, throttle, audit, config } = deps;
  const limits = config.loginThrottle;

  async function getMe(userId: number): Promise<ProfileDto> {
    const [user, hasProfilePicture] = await Promise.all([
      users.findWithRoleDisplayNames(userId),
      profiles.hasPicture(userId),
    ]);
    if (!user) throw new NotFoundError();
    return {
      id: user.id,
      version: user.version,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: `${user.firstName} ${user.lastName}`,
      username: user.username,
      emailAddress: user.emailAddress,
      phoneNumber: user.phoneNumber,
      extension: user.extension,
      departmentId: user.departmentId,
      roles: user.roleDisplayNames,
      hasProfilePicture,
    };
  }

  return {
    getMe,

    /**
     * Saves the user's own details. A file replaces the picture; IsProfilePictureChanged without a
     * file removes it; otherwise the picture stays as it is.
     */
    async update(
      principal: Principal,
      { fields, picture }: ProfileUpdate,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<ProfileDto> {
      // Spec 01 section 5: the extension is not offered to client users.
      if (principal.isClient && fields.extension !== null) {
        throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
          { in: 'body', field: 'extension', message: 'Client users have no extension.' },
        ]);
      }
      // Decoded before the transaction: image work must not hold a database connection.
      const normalised = picture ? await normalisePicture(picture) : null;
      await db.transaction(async (tx) => {
        // Two tabs of one person can overwrite each other too (issue 21).
        // The users row is the profile's version too: updateDetails writes it on every save.
        if (!(await users.lockVersion(principal.userId, expected, tx))) throw new NotFoundError();
        const details = {
          firstName: fields.firstName,
          lastName: fields.lastName,
          phoneNumber: fields.phoneNumber,
          extension: fields.extension,
        };
        await profiles.updateDetails(principal.userId, details, tx);
        const pictureChanged = normalised !== null || fields.isProfilePictureChanged;
        if (normalised) await profiles.upsertPicture(principal.userId, normalised, tx);
        else if (fields.isProfilePictureChanged) await profiles.deletePicture(principal.userId, tx);
        // Recorded so a stale save can name who saved last (the person, from another tab).
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.userUpdated,
            actorUserId: principal.userId,
            objectType: 'user',
            objectId: principal.userId,
            details: {
              fields: [...Object.keys(details), ...(pictureChanged ? ['profilePicture'] : [])],
              ownProfile: true,
            },
          },
          tx,
        );
      });
      return getMe(principal.userId);
    },

    /**
     * A user's picture, scaled as asked. Staff may see anyone's (they appear in staff lists); a
     * client user only their own, and anyone else's is 404, as if it did not exist.
     */
    async getPicture(
      principal: Principal,
      userId: number,
      size: ProfilePictureQuery,
      ifNoneMatch: string | undefined,
    ): Promise<PictureAnswer> {
      if (principal.isClient && userId !== principal.userId) throw new NotFoundError('No profile picture.');
      const row = await profiles.findPicture(userId);
      if (!row) throw new NotFoundError('No profile picture.');
      const etag = `W/"${userId}-${row.updatedAt.getTime()}-${size.width ?? ''}x${size.height ?? ''}"`;
      if (ifNoneMatch === etag) return { notModified: true, etag };
      const data = await resizePicture(row.data, row.contentType, size);
      return { notModified: false, etag, contentType: row.contentType, data };
    },

    /**
     * Changing the password needs the old one, so a stolen access token alone cannot take the
     * account over; wrong guesses are throttled like sign-ins. The user's other sessions end, the
     * one the change was made from stays.
     */
    async changePassword(principal: Principal, input: ChangePasswordInput, context: RequestContext): Promise<void> {
      const key = `change-password:${principal.userId}`;
      const wait = await throttle.retryAfterSeconds(key, limits.maxFailuresPerAccount, limits.windowSeconds);
      if (wait > 0) throw new TooManyRequestsError(wait);

      const currentHash = await profiles.findPasswordHash(principal.userId);
      if (!currentHash || !(await verifyPassword(currentHash, input.oldPassword))) {
        await throttle.recordFailure(key, limits.windowSeconds);
        await audit.record(context, {
          action: AUDIT_ACTION.passwordChangeFailed,
          actorUserId: principal.userId,
          objectType: 'user',
          objectId: principal.userId,
          details: { reason: 'old-password-incorrect' },
        });
        throw new BadRequestError('The old password is incorrect.', ERROR_CODE.oldPasswordIncorrect);
      }

      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await profiles.updatePasswordHash(principal.userId, passwordHash, tx);
        await profiles.discardUnusedResetTokens(principal.userId, tx);
        await sessions.revokeAllForUserExcept(principal.userId, principal.sessionId, 'password-change', tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.passwordChanged,
            actorUserId: principal.userId,
            objectType: 'user',
            objectId: principal.userId,
          },
          tx,
        );
      });
      await throttle.clear(key);
    },
  };
}
