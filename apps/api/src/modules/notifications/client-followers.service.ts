import type { ClientFollowDto } from '@ledgerport/shared';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from '../clients/index.js';
import type { ClientFollowersRepository } from './client-followers.repository.js';

type Caller = Pick<Principal, 'userId' | 'isClient'>;

export type ClientFollowersService = ReturnType<typeof createClientFollowersService>;

/**
 * Staff follow a client to hear what its people do, as its advisor does (docs/notifications.md).
 * Following is the caller's own state: following twice or leaving twice changes nothing.
 */
export function createClientFollowersService({ repository }: { repository: ClientFollowersRepository }) {
  /** Client users hear of their own clients already; the route's permission keeps them out first. */
  function requireStaff(caller: Caller): void {
    if (caller.isClient) throw new ForbiddenError('Only the firm follows clients.');
  }

  return {
    async state(caller: Caller, clientId: number): Promise<ClientFollowDto> {
      requireStaff(caller);
      const following = await repository.isFollowing(clientScopeOf(caller), clientId, caller.userId);
      if (following === null) throw new NotFoundError('Client not found.');
      return { following };
    },

    async follow(caller: Caller, clientId: number): Promise<ClientFollowDto> {
      requireStaff(caller);
      if (!(await repository.follow(clientScopeOf(caller), clientId, caller.userId))) {
        throw new NotFoundError('Client not found.');
      }
      return { following: true };
    },

    async unfollow(caller: Caller, clientId: number): Promise<ClientFollowDto> {
      requireStaff(caller);
      if (!(await repository.unfollow(clientScopeOf(caller), clientId, caller.userId))) {
        throw new NotFoundError('Client not found.');
      }
      return { following: false };
    },
  };
}
