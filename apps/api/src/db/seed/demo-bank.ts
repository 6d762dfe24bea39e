import { eq } from 'drizzle-orm';
import { ACCOUNT_SUBTYPE, SANDBOX_CREDENTIALS } from '@ledgerport/shared';
import type { App } from '../../app.js';
import type { Db } from '../client.js';
import { clients } from '../schema/index.js';

const DEMO_CLIENT = 'Batch1 Group1 LLC';
const ADVISOR = { usernameOrEmailAddress: 'b1g1_advisor@gmail.com', password: 'Group1' };
const API = '/api/v1/document';

/**
 * The demo firm's bank feed (issue 24), made the way a person would, through the app's own routes
 * with the offline sandbox bank: b1g1's business client gets a checking account at First Platypus
 * Bank with two years of history (the account's charts have something to show), and a credit card at
 * Tattersall Federal Credit Union linked with the sandbox's expiring login, synchronised twice so that
 * it needs the client to reconnect: the client's To do, the notifications, the staff dashboard and the
 * firm's list of connections show it, and reconnecting (user_good / pass_good) brings it back.
 * Only on the first start with the demo seed; a failure leaves the rest of the demo as it is.
 */
export async function seedDemoBank(app: App, db: Db): Promise<void> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, DEMO_CLIENT));
  if (!client) return;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/authentication/account/authenticate',
    payload: ADVISOR,
  });
  if (signIn.statusCode !== 200) return;
  const token = (signIn.json() as { user: { jwtToken: { accessToken: string } } }).user.jwtToken.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const accounts = `${API}/clients/${client.id}/institution-accounts`;

  async function link(subtype: number, institutionId: string, credentials: { username: string; password: string }) {
    const linkToken = await app.inject({
      method: 'POST',
      url: `${accounts}/link-token`,
      headers,
      payload: { subtype },
    });
    const login = await app.inject({
      method: 'POST',
      url: `${API}/reconciliation/sandbox/public-token`,
      headers,
      payload: { linkToken: linkToken.json().linkToken, institutionId, ...credentials },
    });
    await app.inject({ method: 'POST', url: accounts, headers, payload: { publicToken: login.json().publicToken } });
  }

  await link(ACCOUNT_SUBTYPE.checking, 'ins_sandbox_platypus', SANDBOX_CREDENTIALS.good);
  await link(ACCOUNT_SUBTYPE.creditCard, 'ins_sandbox_tattersall', SANDBOX_CREDENTIALS.expiring);
  // The first sync loads the history; the expiring login lapses at the next one.
  await app.worker.drain();
  await app.inject({ method: 'POST', url: `${accounts}/synchronize`, headers });
  await app.worker.drain();
}
