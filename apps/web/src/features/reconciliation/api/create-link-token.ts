import { linkTokenResultSchema, type AccountSubtype } from '@ledgerport/shared';
import { api } from '@/lib/api-client';
import { accountsPath } from './reconciliation-keys';

/** createLinkTokenForCheckingAccount / createLinkTokenForCreditCardAccount, told apart by subtype. */
export function createLinkToken(clientId: number, subtype: AccountSubtype) {
  return api.post(`${accountsPath(clientId)}/link-token`, { body: { subtype }, schema: linkTokenResultSchema });
}

/** An update-mode token for an institution whose login expired: the same accounts, signed in again. */
export function createReconnectLinkToken(clientId: number, institutionId: number) {
  return api.post(`${accountsPath(clientId)}/institutions/${institutionId}/link-token`, {
    schema: linkTokenResultSchema,
  });
}
