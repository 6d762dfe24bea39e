import {
  all,
  signedIn,
  type Actor,
  type MatrixFixture,
  type MatrixRow,
} from '../../../testing/authorization-matrix.js';
import { chooseCurrentClient as chooseUsersCurrentClient } from '../../../testing/factories.js';
import { createInvitation, newEmail, registrationFor } from '../../../testing/invitations-factories.js';

/** Client users invite onto their current client: A's people act for A, B for B. */
async function chooseCurrentClient(f: MatrixFixture, actor: Actor) {
  const clientId = { ownerA: f.clientA, collaboratorA: f.clientA, ownerB: f.clientB }[actor as string];
  if (!clientId) return;
  await chooseUsersCurrentClient(f.db, f.userIds[actor as 'ownerA'], clientId);
}

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/invitations',
    expect: signedIn(200, { supervisor: 403, employee: 403 }),
  },
  {
    method: 'POST',
    route: '/api/v1/document/invitations/send',
    body: async (f, actor) => {
      await chooseCurrentClient(f, actor);
      return { recipientEmailAddress: newEmail() };
    },
    // A collaborator sees the account but may not invite others onto it; a deactivated one no longer
    // sees it, so it has no account to invite onto (400, as for anyone without a current client).
    expect: signedIn(200, { supervisor: 403, employee: 403, collaboratorA: 403, deactivatedCollaboratorA: 400 }),
  },
  {
    method: 'POST',
    route: '/api/v1/identity/invitations/received',
    body: () => ({ registrationToken: 'not-a-real-token' }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/v1/identity/register/client',
    // Public: a fresh invitation per caller, since each link registers once.
    body: async (f) => registrationFor(await createInvitation(f.db, { senderUserId: f.userIds.advisor })),
    expect: all(201),
  },
];
