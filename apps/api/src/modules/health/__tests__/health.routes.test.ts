import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, readiness, OpenAPI and unknown paths', () => {
  it('answers /healthz and /readyz once migrations are applied', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/v1/authentication/account/authenticate'].post.requestBody).toBeDefined();
    expect(document.paths['/api/v1/identity/users/me'].get.responses['200']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers an unknown API path with the JSON 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.', requestId: response.headers['x-request-id'] },
    });
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"usernameOrEmailAddress":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.body).not.toMatch(/at .*\.js/);
  });
});
