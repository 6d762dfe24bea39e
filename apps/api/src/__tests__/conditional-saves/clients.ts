import { CLIENT_TYPE, MARITAL_STATUS } from '@ledgerport/shared';
import { clientEditForm, createEditableClient, validBusinessForm } from '../../testing/client-edit-factories.js';
import { createClient, createUser } from '../../testing/factories.js';
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
  },
  pending: [
    'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/activate',
    'PATCH /api/v1/document/users/me/clients/:clientId/collaborators/:userId/deactivate',
    'DELETE /api/v1/document/users/me/clients/:clientId/collaboration',
  ],
};
