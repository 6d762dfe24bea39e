import type { MeDto } from '@ledgerport/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { UsersRepository } from '../users/users.repository.js';

export type ProfileService = ReturnType<typeof createProfileService>;

export function createProfileService({ users }: { users: UsersRepository }) {
  return {
    async getMe(userId: number): Promise<MeDto> {
      const [user, roleRows] = await Promise.all([users.findById(userId), users.findRoles(userId)]);
      if (!user) throw new NotFoundError();
      return {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        fullName: `${user.firstName} ${user.lastName}`,
        username: user.username,
        emailAddress: user.emailAddress,
        phoneNumber: user.phoneNumber,
        extension: user.extension,
        departmentId: user.departmentId,
        roles: roleRows.map((role) => role.displayName),
      };
    },
  };
}
