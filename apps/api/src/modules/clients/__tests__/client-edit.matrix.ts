import { CLIENT_TYPE } from '@ledgerport/shared';
import { all, only, type MatrixRow } from '../../../testing/authorization-matrix.js';
import {
  clientEditForm,
  createEditableClient,
  setClientPicture,
  validBusinessForm,
} from '../../../testing/client-edit-factories.js';
import { createPng } from '../../../testing/profile-factories.js';

const STAFF_ONLY = only({ admin: 200, advisor: 200, supervisor: 200, employee: 200 });

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/v1/document/clients/business/:id',
    url: (f) => `/api/v1/document/clients/business/${f.clientA}`,
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/document/clients/personal/:id',
    url: async (f) => {
      const client = await createEditableClient(f.db, { clientType: CLIENT_TYPE.personal });
      return `/api/v1/document/clients/personal/${client.id}`;
    },
    expect: STAFF_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/v1/document/clients/business/:id',
    // A fresh client per actor, edited with a valid form; the id travels in the form too.
    url: async (f) => {
      const client = await createEditableClient(f.db, { ownerUserId: f.userIds.ownerB });
      return `/api/v1/document/clients/business/${client.id}`;
    },
    body: async (f) => {
      const client = { id: 0, ownerUserId: f.userIds.ownerB };
      const form = await validBusinessForm(f.db, client);
      delete form.id;
      return clientEditForm(form);
    },
    expect: STAFF_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/v1/document/clients/personal/:id',
    url: async (f) => {
      const client = await createEditableClient(f.db, {
        clientType: CLIENT_TYPE.personal,
        ownerUserId: f.userIds.ownerB,
      });
      return `/api/v1/document/clients/personal/${client.id}`;
    },
    body: async (f) => {
      const form = await validBusinessForm(f.db, { id: 0, ownerUserId: f.userIds.ownerB });
      delete form.id;
      delete form.name;
      return clientEditForm({ ...form, firstName: 'Matrix', lastName: 'Person', maritalStatus: '1' });
    },
    expect: STAFF_ONLY,
  },
  {
    method: 'GET',
    route: '/api/v1/document/clients/:id/profile-picture',
    url: async (f) => {
      await setClientPicture(f.db, f.clientA, await createPng(64, 64));
      return `/api/v1/document/clients/${f.clientA}/profile-picture?width=32`;
    },
    // Staff see any client's picture; client users only a client they own or collaborate on.
    expect: all(200, { anonymous: 401, ownerB: 404 }),
  },
];
