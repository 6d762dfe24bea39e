import type { MyClientDto } from '@ledgerport/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { UsersRepository } from '../users/users.repository.js';
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
  users,
}: {
  myClients: MyClientsRepository;
  users: UsersRepository;
}) {
  return {
    async list(userId: number): Promise<MyClientDto[]> {
      const rows = await myClients.findMany(userId);
      return rows.map((row) => toDto(row, userId));
    },

    /** A client outside the user's accounts is 404, never a hint that it exists. */
    async setCurrent(userId: number, clientId: number): Promise<MyClientDto> {
      const row = await myClients.findById(userId, clientId);
      if (!row) throw new NotFoundError('Client not found.');
      await users.setCurrentClient(userId, clientId);
      return toDto(row, userId);
    },
  };
}
