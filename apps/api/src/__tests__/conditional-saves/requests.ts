import { REQUEST_ITEM_KIND, REQUEST_SCHEDULE_AUDIENCE } from '@ledgerport/shared';
import { daysFromNow } from '../../modules/requests/__tests__/requests-fixtures.js';
import { D, unique, type CaseModule } from './harness.js';

const templateBody = (name: string, taxServiceId: number) => ({
  name,
  title: `${name} title`,
  serviceId: taxServiceId,
  dueOffsetDays: 14,
  items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
});

export const requestsCases: CaseModule = {
  cases: [
    {
      route: `PUT ${D}/requests/:id`,
      make: async ({ created, taxServiceId, clientId }) => {
        const body = (title: string) => ({
          title,
          dueDate: daysFromNow(10),
          items: [{ title: 'Your prior-year return', kind: REQUEST_ITEM_KIND.answer }],
        });
        const id = await created(`${D}/requests`, { clientId, serviceId: taxServiceId, ...body('Original') });
        return {
          get: `${D}/requests/${id}`,
          method: 'PUT',
          url: `${D}/requests/${id}`,
          bodies: [body('Mine'), body('Theirs')],
        };
      },
    },
    {
      route: `DELETE ${D}/requests/:id`,
      make: async ({ created, taxServiceId, clientId }) => {
        const id = await created(`${D}/requests`, {
          clientId,
          serviceId: taxServiceId,
          title: 'To cancel',
          dueDate: daysFromNow(10),
          items: [{ title: 'Anything', kind: REQUEST_ITEM_KIND.answer }],
        });
        return { get: `${D}/requests/${id}`, method: 'DELETE', url: `${D}/requests/${id}` };
      },
    },
    {
      route: `PUT ${D}/request-templates/:id`,
      make: async ({ created, taxServiceId }) => {
        const name = `Template ${unique()}`;
        const id = await created(`${D}/request-templates`, templateBody(name, taxServiceId));
        return {
          get: `${D}/request-templates/${id}`,
          method: 'PUT',
          url: `${D}/request-templates/${id}`,
          bodies: [templateBody(`${name} mine`, taxServiceId), templateBody(`${name} theirs`, taxServiceId)],
        };
      },
    },
    {
      route: `DELETE ${D}/request-templates/:id`,
      make: async ({ created, taxServiceId }) => {
        const id = await created(`${D}/request-templates`, templateBody(`Template ${unique()}`, taxServiceId));
        return { get: `${D}/request-templates/${id}`, method: 'DELETE', url: `${D}/request-templates/${id}` };
      },
    },
    {
      route: `PUT ${D}/request-schedules/:id`,
      make: async ({ created, taxServiceId, clientId }) => {
        const templateId = await created(`${D}/request-templates`, templateBody(`Template ${unique()}`, taxServiceId));
        const body = (name: string) => ({
          name,
          templateId,
          dayOfMonth: 3,
          audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
          clientIds: [clientId],
          isActive: false,
        });
        const id = await created(`${D}/request-schedules`, body('Monthly'));
        return {
          get: `${D}/request-schedules/${id}`,
          method: 'PUT',
          url: `${D}/request-schedules/${id}`,
          bodies: [body('Monthly, mine'), body('Monthly, theirs')],
        };
      },
    },
    {
      route: `DELETE ${D}/request-schedules/:id`,
      make: async ({ created, taxServiceId, clientId }) => {
        const templateId = await created(`${D}/request-templates`, templateBody(`Template ${unique()}`, taxServiceId));
        const id = await created(`${D}/request-schedules`, {
          name: 'To delete',
          templateId,
          dayOfMonth: 3,
          audience: REQUEST_SCHEDULE_AUDIENCE.chosenClients,
          clientIds: [clientId],
          isActive: false,
        });
        return { get: `${D}/request-schedules/${id}`, method: 'DELETE', url: `${D}/request-schedules/${id}` };
      },
    },
  ],
  guarded: {
    'PUT /api/v1/document/requests/:id/items/:itemId/answer':
      'a state transition: 409 unless the item waits on the client',
    'PUT /api/v1/document/requests/:id/items/:itemId/not-applicable':
      'a state transition: 409 unless the item waits on the client',
    'PUT /api/v1/document/requests/:id/items/:itemId/accept': 'a state transition: 409 unless the item is submitted',
    'PUT /api/v1/document/requests/:id/items/:itemId/return': 'a state transition: 409 unless the item is submitted',
  },
  pending: [],
};
