import { CLIENT_TYPE, type CreateMyClientInput, type MyClientDto } from '@ledgerport/shared';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { Principal, SessionsRepository } from '../auth/index.js';
import { accountHolderScopeOf, type AccountHolderScope } from './client-scope.js';
import type { MyClientsRepository } from './my-clients.repository.js';

type Row = Awaited<ReturnType<MyClientsRepository['findMany']>>[number];

function toDto(row: Row, userId: number): MyClientDto {
  return {
    id: row.id,
    name: row.name,
    clientType: row.clientType,
    usedBookkeepingServiceAtLeastOnce: row.usedBookkeepingServiceAtLeastOnce,
    isOwner: row.ownerUserId === userId,
  };
}

export type MyClientsService = ReturnType<typeof createMyClientsService>;

export function createMyClientsService({
  myClients,
  sessions,
}: {
  myClients: MyClientsRepository;
  sessions: SessionsRepository;
}) {
  return {
    async list(scope: AccountHolderScope): Promise<MyClientDto[]> {
      const rows = await myClients.findMany(scope);
      return rows.map((row) => toDto(row, scope.userId));
    },

    /**
     * The caller's session acts for this client from now on, and the user's next sign-in starts on it
     * (ADR 0014). A client outside the user's accounts is 404, never a hint that it exists.
     */
    async setCurrent(principal: Pick<Principal, 'userId' | 'sessionId'>, clientId: number): Promise<MyClientDto> {
      const scope = accountHolderScopeOf(principal);
      const row = await myClients.findById(clientId, scope);
      if (!row) throw new NotFoundError('Client not found.');
      await sessions.chooseClient(principal.sessionId, principal.userId, clientId);
      return toDto(row, scope.userId);
    },

    /**
     * A client user opens an account of their own (e.g. the first one after registering from an
     * invitation). Staff hold accounts through the Clients screen, never as owners here.
     */
    async create(principal: Principal, input: CreateMyClientInput): Promise<MyClientDto> {
      if (!principal.isClient) throw new ForbiddenError('Only client users own accounts.');
      const name =
        input.clientType === CLIENT_TYPE.business
          ? (input.name ?? '')
          : `${input.firstName ?? ''} ${input.lastName ?? ''}`.trim();
      const row = await myClients.insertOwned(accountHolderScopeOf(principal), { clientType: input.clientType, name });
      return toDto(row, principal.userId);
    },
  };
}
