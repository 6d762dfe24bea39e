import { randomUUID } from 'node:crypto';
import { sessions } from '../../../db/schema/index.js';
import {
  only,
  signedIn,
  type Actor,
  type MatrixFixture,
  type MatrixRow,
} from '../../../testing/authorization-matrix.js';
import { createUser } from '../../../testing/factories.js';

// Only the admin holds session:revoke by default; everyone signed in manages their own sessions.
const USERS = '/api/v1/identity/users';

/** A spare live session of the actor, so revoking it leaves the session the matrix signs in with. */
async function spareSessionOf(f: MatrixFixture, actor: Actor): Promise<string> {
  const id = randomUUID();
  if (actor === 'anonymous') return id;
  await f.db
    .insert(sessions)
    .values({ id, userId: f.userIds[actor], expiresAt: new Date(Date.now() + 3_600_000), ipAddress: '127.0.0.1' });
  return id;
}

export const rows: MatrixRow[] = [
  { method: 'GET', route: `${USERS}/me/sessions`, expect: signedIn(200) },
  {
    method: 'DELETE',
    route: `${USERS}/me/sessions/:id`,
    url: async (f, actor) => `${USERS}/me/sessions/${await spareSessionOf(f, actor)}`,
    expect: signedIn(204),
  },
  {
    method: 'GET',
    route: `${USERS}/:id/sessions`,
    url: (f) => `${USERS}/${f.userIds.ownerA}/sessions`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'DELETE',
    route: `${USERS}/:id/sessions`,
    // A fresh user each time: ending ownerA's sessions would sign the matrix's ownerA out.
    url: async (f) => `${USERS}/${(await createUser(f.db, { role: 'client' })).id}/sessions`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'DELETE',
    route: `${USERS}/:id/sessions/:sessionId`,
    // A fresh user's spare session each time, so the session ended is never one the matrix signs in with.
    url: async (f) => {
      const user = await createUser(f.db, { role: 'client' });
      const sessionId = randomUUID();
      await f.db
        .insert(sessions)
        .values({ id: sessionId, userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return `${USERS}/${user.id}/sessions/${sessionId}`;
    },
    expect: only({ admin: 204 }),
  },
];

/** Someone else's session is outside the caller's scope: 404, never a way to end it. */
export const otherUsersSessionRow: MatrixRow = {
  method: 'DELETE',
  route: `${USERS}/me/sessions/:id`,
  url: async (f, actor) => `${USERS}/me/sessions/${await spareSessionOf(f, actor === 'ownerB' ? 'ownerA' : 'ownerB')}`,
  expect: signedIn(404),
};
rows.push(otherUsersSessionRow);

/** A session named under a user it does not belong to is 404 even for the admin: the pair must match. */
rows.push({
  method: 'DELETE',
  route: `${USERS}/:id/sessions/:sessionId`,
  url: async (f) => `${USERS}/${f.userIds.ownerB}/sessions/${await spareSessionOf(f, 'ownerA')}`,
  expect: only({ admin: 404 }),
});
