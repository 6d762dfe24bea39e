import { NOTIFICATION_KIND } from '@ledgerport/shared';
import { notifications } from '../../../db/schema/index.js';
import { all, only, signedIn, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';

const ME = '/api/v1/identity/users/me';
let seq = 0;

/** A fresh unread notification of client A's owner: only they may mark it read. */
async function ownerANotification(f: MatrixFixture): Promise<number> {
  const [row] = await f.db
    .insert(notifications)
    .values({
      recipientUserId: f.userIds.ownerA,
      kind: NOTIFICATION_KIND.requestCreated,
      title: 'New request from the firm: Matrix',
      link: null,
      clientId: f.clientA,
      actorUserId: f.userIds.admin,
      eventKey: `matrix:${++seq}`,
      emailDelivery: 'immediately',
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Staff who may see the Clients list follow clients; client users are stopped by the permission first. */
const staffOnly = only({ admin: 200, advisor: 200, supervisor: 200, employee: 200 });

export const rows: MatrixRow[] = [
  // Every signed-in person has a bell of their own; these act on the caller only.
  { method: 'GET', route: `${ME}/notifications`, expect: signedIn(200) },
  { method: 'PUT', route: `${ME}/notifications/read-all`, expect: signedIn(200) },
  {
    method: 'PUT',
    route: `${ME}/notifications/:id/read`,
    url: async (f) => `${ME}/notifications/${await ownerANotification(f)}/read`,
    // Someone else's notification is 404 for everyone but its recipient.
    expect: all(404, { anonymous: 401, ownerA: 200 }),
  },
  // A stream (testing/streams.ts): the matrix reads its status and hangs up.
  { method: 'GET', route: `${ME}/notifications/stream`, expect: signedIn(200) },
  { method: 'GET', route: `${ME}/notification-preferences`, expect: signedIn(200) },
  {
    method: 'PUT',
    route: `${ME}/notification-preferences`,
    body: () => ({ kinds: [], digestHour: 8 }),
    expect: signedIn(200),
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method): MatrixRow => ({
    method,
    route: '/api/v1/document/clients/:id/follow',
    url: (f) => `/api/v1/document/clients/${f.clientA}/follow`,
    expect: staffOnly,
  })),
];
