import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_SCHEDULE_AUDIENCE, REQUEST_STATUS, TO_DO_KIND } from '@ledgerport/shared';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { seedDemoFirm } from '../demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

describe('the demo requests (docs/requests.md)', () => {
  it("has templates, a monthly schedule and an open request in b1g1's business client's To do", async () => {
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/document/${url}`, headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const templates = await get('request-templates');
    expect(templates.items.map((item: { name: string }) => item.name)).toEqual([
      'Monthly bank statements',
      'Year-end tax documents',
    ]);
    const schedules = await get('request-schedules');
    expect(schedules.items).toEqual([
      expect.objectContaining({
        name: 'Bank statements every month',
        dayOfMonth: 1,
        audience: REQUEST_SCHEDULE_AUDIENCE.serviceClients,
        template: expect.objectContaining({ name: 'Monthly bank statements' }),
      }),
    ]);
    const open = await get(`requests?status=${REQUEST_STATUS.open}`);
    expect(open.items).toEqual([
      expect.objectContaining({
        client: expect.objectContaining({ name: 'Batch1 Group1 LLC' }),
        itemCount: 3,
        isOverdue: false,
      }),
    ]);

    // The client user acts for the business: the request's items are first in their To do.
    const client = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const accounts = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/document/users/me/clients/current',
      headers: bearer(client),
      payload: { clientId: open.items[0].client.id },
    });
    expect(accounts.statusCode, accounts.body).toBeLessThan(300);
    const toDos = await t.app.inject({
      method: 'GET',
      url: '/api/v1/document/users/me/to-dos',
      headers: bearer(client),
    });
    const items = toDos.json().items as Array<{ kind: string; title: string }>;
    expect(items.slice(0, 3).map((item) => [item.kind, item.title])).toEqual([
      [TO_DO_KIND.requestItem, 'W-2 and 1099 forms'],
      [TO_DO_KIND.requestItem, 'Did you buy or sell a home this year?'],
      [TO_DO_KIND.requestItem, 'Childcare receipts'],
    ]);
  });
});
