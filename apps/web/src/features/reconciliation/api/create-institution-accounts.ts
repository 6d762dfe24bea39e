import { institutionAccountsResponseSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';
import { accountsPath } from './reconciliation-keys';

/** createInstitutionAccountsByPublicToken: answers the client's accounts with the new ones included. */
export function createInstitutionAccounts(clientId: number, publicToken: string) {
  return api.post(accountsPath(clientId), { body: { publicToken }, schema: institutionAccountsResponseSchema });
}

/** Ends a reconnect: the institution's accounts and history stay, the server queues a sync. */
export function reconnectInstitution(clientId: number, institutionId: number, publicToken: string | undefined) {
  return api.post(`${accountsPath(clientId)}/institutions/${institutionId}/reconnect`, { body: { publicToken } });
}
