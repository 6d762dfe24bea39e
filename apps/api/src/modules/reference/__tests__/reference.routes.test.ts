import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET company/states/all', () => {
  it('lists the states from the reference migration, by name, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/company/states/all/' });
    expect(response.statusCode).toBe(200);
    const options = response.json() as Array<{ value: string; displayText: string }>;
    expect(options).toHaveLength(56);
    expect(options[0]).toEqual({ value: expect.stringMatching(/^\d+$/), displayText: 'Alabama' });
    expect(options.map((o) => o.displayText)).toEqual(expect.arrayContaining(['District of Columbia', 'Puerto Rico']));
  });
});
