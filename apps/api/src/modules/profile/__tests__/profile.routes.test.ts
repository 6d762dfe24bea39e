import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

describe('GET identity/users/me', () => {
  it("answers the signed-in user's profile with role display names", async () => {
    const session = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/identity/users/me', headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: session.userId,
      firstName: 'Batch1',
      lastName: 'Group1',
      fullName: 'Batch1 Group1',
      username: 'b1g1_advisor',
      emailAddress: 'b1g1_advisor@gmail.com',
      phoneNumber: '(555) 010-0000',
      extension: '1001',
      departmentId: null,
      roles: ['Advisor'],
    });
  });
});

describe('GET identity/departments/all', () => {
  it('lists the departments as dropdown options with string values', async () => {
    const session = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/identity/departments/all',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    const options = response.json() as Array<{ value: string; displayText: string }>;
    expect(options.map((o) => o.displayText)).toEqual(['Tax', 'Bookkeeping', 'Payroll', 'Consultancy services']);
    expect(options.every((o) => typeof o.value === 'string' && /^\d+$/.test(o.value))).toBe(true);
  });

  it('accepts a trailing slash', async () => {
    const session = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/identity/departments/all/',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
  });
});
