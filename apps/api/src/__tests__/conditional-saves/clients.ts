import { CLIENT_TYPE, MARITAL_STATUS } from '@ledgerport/shared';
import { clientEditForm, createEditableClient, validBusinessForm } from '../../testing/client-edit-factories.js';
import { createClient, createUser } from '../../testing/factories.js';
import { signIn } from '../../testing/session.js';
import { D, unique, type CaseContext, type CaseModule, type ConditionalCase } from './harness.js';

/** A client of its own (named, so the list finds it) whose version the list's row carries. */
async function listedClient(ctx: CaseContext) {
  const db = ctx.t.database.db;
  const name = `Versioned ${unique()}`;
  const owner = await createUser(db, { role: 'client' });
  const { id } = await createClient(db, { name, ownerUserId: owner.id });
  return {
    id,
    current: async (context: CaseContext) => {
      const response = await context.call(
        context.admin,
        'GET',
        `${D}/clients?fullName=${encodeURIComponent(name)}&limit=10&offset=0`,
      );
      const row = (response.json() as { items: Array<{ id: number; version: string }> }).items.find(
        (item) => item.id === id,
      );
      return row ? { version: row.version, body: row } : null;
    },
  };
}

const statusCase = (action: 'activate' | 'deactivate'): ConditionalCase => ({
  route: `PATCH ${D}/clients/:id/${action}`,
  make: async (ctx) => {
    const { id, current } = await listedClient(ctx);
    return { current, method: 'PATCH', url: `${D}/clients/${id}/${action}` };
  },
});

/** The owner of a client (signed in) deactivates or activates its collaborator, from their accounts list. */
const collaboratorCase = (action: 'activate' | 'deactivate'): ConditionalCase => ({
  route: `PATCH ${D}/users/me/clients/:clientId/collaborators/:userId/${action}`,
  make: async (ctx) => {
    const db = ctx.t.database.db;
    const owner = await createUser(db, { role: 'client' });
    const collaborator = await createUser(db, { role: 'client' });
    const client = await createEditableClient(db, {
      ownerUserId: owner.id,
      serviceIds: [ctx.taxServiceId],
      collaborators: [{ userId: collaborator.id }],
    });
    const session = await signIn(ctx.t.app, owner.emailAddress, owner.password);
    return {
      as: session,
      savedBy: `${owner.firstName} ${owner.lastName}`,
      method: 'PATCH',
      url: `${D}/users/me/clients/${client.id}/collaborators/${collaborator.id}/${action}`,
      current: async ({ call }) => {
        const owned = (await call(session, 'GET', `${D}/users/me/clients/owner`)).json() as Array<{
          id: number;
          collaborators: Array<{ userId: number; version: string }>;
        }>;
        const row = owned
          .find((item) => item.id === client.id)
          ?.collaborators.find((item) => item.userId === collaborator.id);
        return row ? { version: row.version, body: row } : null;
      },
    };
  },
});

/** Conditional saves of clients and their collaborators. */
export const clientsCases: CaseModule = {
  cases: [
    {
      route: `PUT ${D}/clients/business/:id`,
      make: async (ctx) => {
        const db = ctx.t.database.db;
        const client = await createEditableClient(db);
        const form = async (name: string) => clientEditForm(await validBusinessForm(db, client, { name }));
        return {
          get: `${D}/clients/business/${client.id}`,
          method: 'PUT',
          url: `${D}/clients/business/${client.id}`,
          bodies: [await form('Mine LLC'), await form('Theirs LLC')],
        };
      },
    },
    {
      route: `PUT ${D}/clients/personal/:id`,
      make: async (ctx) => {
        const db = ctx.t.database.db;
        const client = await createEditableClient(db, { clientType: CLIENT_TYPE.personal });
        const form = async (firstName: string) => {
          const { name: _name, ...fields } = await validBusinessForm(db, client);
          return clientEditForm({
            ...fields,
            firstName,
            lastName: 'Lovelace',
            maritalStatus: String(MARITAL_STATUS.single),
          });
        };
        return {
          get: `${D}/clients/personal/${client.id}`,
          method: 'PUT',
          url: `${D}/clients/personal/${client.id}`,
          bodies: [await form('Ada'), await form('Augusta')],
        };
      },
    },
    statusCase('activate'),
    statusCase('deactivate'),
    collaboratorCase('activate'),
    collaboratorCase('deactivate'),
    {
      route: `DELETE ${D}/clients/:id`,
      make: async (ctx) => {
        const { id, current } = await listedClient(ctx);
        return { current, method: 'DELETE', url: `${D}/clients/${id}` };
      },
    },
  ],
  guarded: {
    'PUT /api/v1/document/users/me/clients/current': 'chooses the account the user acts for, per session',
    'DELETE /api/v1/document/users/me/clients/:clientId/collaboration':
      'a collaborator gives up their own access: nothing anyone saved is overwritten',
  },
  pending: [],
};
