import {
  all,
  only,
  signedIn,
  type Actor,
  type MatrixFixture,
  type MatrixRow,
} from '../../../testing/authorization-matrix.js';
import { insertConversation } from './messages-fixtures.js';

// Staff hold message:* (the employee all but message:bulk); clients hold message:list and
// message:send (docs/permissions.md). A conversation of clientA is in scope for staff, ownerA and
// collaboratorA (a conversation is the whole client's, not one service's); for ownerB and the
// deactivated collaborator it is another client's: 404. Each call gets a fresh conversation.
const BASE = '/api/v1/document/conversations';

const fresh = (f: MatrixFixture, authorUserId = f.userIds.ownerA) =>
  insertConversation(f.db, f.fieldCrypto, { clientId: f.clientA, authorUserId });

const conversationUrl =
  (suffix = '') =>
  async (f: MatrixFixture) =>
    `${BASE}/${(await fresh(f)).id}${suffix}`;

const authorOf = (f: MatrixFixture, actor: Actor) => (actor === 'anonymous' ? f.userIds.ownerA : f.userIds[actor]);

const staff = { admin: 200, advisor: 200, supervisor: 200, employee: 200 };

export const rows: MatrixRow[] = [
  { method: 'GET', route: BASE, expect: signedIn(200) },
  {
    method: 'POST',
    route: BASE,
    body: (f) => ({ clientId: f.clientA, subject: 'Matrix conversation', html: '<p>Hello</p>' }),
    // ownerB acts for B: naming A is outside its scope.
    expect: all(201, { anonymous: 401, ownerB: 404 }),
  },
  {
    method: 'POST',
    route: `${BASE}/bulk`,
    body: (f) => ({ clientIds: [f.clientA], subject: 'Matrix to many', html: '<p>Hello all</p>' }),
    expect: only({ admin: 201, advisor: 201, supervisor: 201 }),
  },
  { method: 'GET', route: `${BASE}/search`, url: () => `${BASE}/search?q=fixture`, expect: signedIn(200) },
  { method: 'GET', route: `${BASE}/:id`, url: conversationUrl(), expect: signedIn(200, { ownerB: 404 }) },
  {
    method: 'PUT',
    route: `${BASE}/:id`,
    url: conversationUrl(),
    body: () => ({ status: 'closed' }),
    expect: only(staff),
  },
  {
    method: 'GET',
    route: `${BASE}/:id/messages`,
    url: conversationUrl('/messages'),
    expect: signedIn(200, { ownerB: 404 }),
  },
  {
    method: 'POST',
    route: `${BASE}/:id/messages`,
    url: conversationUrl('/messages'),
    body: () => ({ html: '<p>A reply</p>' }),
    expect: signedIn(201, { ownerB: 404 }),
  },
  {
    method: 'PUT',
    route: `${BASE}/:id/messages/:messageId`,
    // Each actor edits a message of its own (only an author may), in A's conversation.
    url: async (f, actor) => {
      const { id, messageId } = await fresh(f, authorOf(f, actor));
      return `${BASE}/${id}/messages/${messageId}`;
    },
    body: () => ({ html: '<p>Edited</p>' }),
    expect: signedIn(200, { ownerB: 404 }),
  },
  { method: 'PUT', route: `${BASE}/:id/read`, url: conversationUrl('/read'), expect: signedIn(200, { ownerB: 404 }) },
];
