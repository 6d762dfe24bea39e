import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { createDocument, pdfBytes } from '../testing/documents-factories.js';
import { createClient, createUser } from '../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { bodyOfStreamed, isStreamRoute } from '../testing/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Issue 11 item 7: every response carries the security headers, whatever route answered it and
 * however it ended (success, 401, 404, 400, 413, a file, the web app's HTML or a static asset).
 */

type Response = LightMyRequestResponse;

/** A built web app as Vite lays it out: index.html loading a hashed module, nothing inline. */
function writeWebDist(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dir;
}

function directivesOf(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

const STRICT_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** The headers every response must carry; returns what failed, so one assertion names the route. */
function problemsOf(response: Response, { production }: { production: boolean }): string[] {
  const problems: string[] = [];
  const policy = response.headers['content-security-policy'];
  if (typeof policy !== 'string') return ['no Content-Security-Policy'];
  const csp = directivesOf(policy);
  const isPreview = csp.has('sandbox') || csp.get('default-src')?.join(' ') === "'none'";
  // File previews deliberately lock down harder: nothing may load at all (default-src 'none').
  if (!isPreview && csp.get('default-src')?.join(' ') !== "'self'") problems.push("default-src is not 'self'");
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  if (scripts.some((source) => source === "'unsafe-inline'" || source === "'unsafe-eval'" || source === '*')) {
    problems.push(`script-src allows inline or any script: ${scripts.join(' ')}`);
  }
  if (csp.get('base-uri')?.join(' ') !== "'none'") problems.push("base-uri is not 'none'");
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("frame-ancestors is not 'none'");
  // Chromium's PDF viewer is a plugin: an inline PDF may embed itself and nothing else.
  const isInlinePdf =
    response.headers['content-type'] === 'application/pdf' &&
    String(response.headers['content-disposition']).startsWith('inline');
  const objects = csp.get('object-src')?.join(' ');
  if (objects !== "'none'" && !(isInlinePdf && objects === "'self'")) problems.push(`object-src is ${objects}`);
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!STRICT_REFERRER_POLICIES.includes(String(response.headers['referrer-policy']))) {
    problems.push(`Referrer-Policy is ${response.headers['referrer-policy']}`);
  }
  if (response.headers['x-powered-by'] !== undefined) problems.push('X-Powered-By is sent');
  const hsts = response.headers['strict-transport-security'];
  if (production && !/max-age=\d{8,}/.test(String(hsts))) problems.push(`HSTS missing or short in production: ${hsts}`);
  if (!production && hsts !== undefined) problems.push('HSTS sent outside production');
  return problems;
}

interface Call {
  name: string;
  response: Response;
}

/** Every route Fastify knows (API, health, docs, web app), from its own route table. */
function allRoutes(t: TestApp): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    for (const method of match[2]!.split(', ')) {
      if (method !== 'HEAD') routes.push({ method, url: match[1]! });
    }
  }
  return routes;
}

/** Each route once anonymously and once as the admin, parameters filled in, no body. */
async function callEveryRoute(t: TestApp, admin: SignedIn): Promise<Call[]> {
  const calls: Call[] = [];
  for (const route of allRoutes(t)) {
    const url = route.url.replace(/:\w+/g, '1').replace(/\*$/, 'swagger-ui.css');
    for (const [who, headers] of [
      ['anonymous', {}],
      ['admin', bearer(admin)],
    ] as const) {
      const stream = isStreamRoute(route.method, route.url);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers,
        ...(stream ? { payloadAsStream: true } : {}),
      });
      // A stream's headers are all there is to check: it is dropped after them.
      if (stream) await bodyOfStreamed(response);
      calls.push({ name: `${route.method} ${url} as ${who} -> ${response.statusCode}`, response });
    }
  }
  return calls;
}

/** Error responses the router, the body parser and the error handler produce. */
async function callErrorCases(t: TestApp): Promise<Call[]> {
  const cases: Array<[string, InjectOptions]> = [
    ['unknown API path', { method: 'GET', url: '/api/v1/no-such-route' }],
    ['no token', { method: 'GET', url: '/api/v1/identity/users' }],
    ['invalid body', { method: 'POST', url: '/api/v1/authentication/account/authenticate', payload: {} }],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
    ],
    [
      'body too large',
      {
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ usernameOrEmailAddress: 'x'.repeat(1_100_000), password: 'x' }),
      },
    ],
    [
      'unsupported media type',
      {
        method: 'POST',
        url: '/api/v1/authentication/account/authenticate',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
    ],
    ['malformed URL', { method: 'GET', url: '/api/v1/identity/users/%E0%A4%A' }],
    ['over-long path parameter', { method: 'GET', url: `/api/v1/identity/users/${'9'.repeat(200)}` }],
  ];
  const calls: Call[] = [];
  for (const [name, options] of cases) {
    const response = await t.app.inject(options);
    calls.push({ name: `${name} -> ${response.statusCode}`, response });
  }
  return calls;
}

async function callWebApp(t: TestApp): Promise<Call[]> {
  const calls: Call[] = [];
  for (const url of ['/', '/clients/42/documents', '/assets/index-abc123.js']) {
    const response = await t.app.inject({ method: 'GET', url });
    calls.push({ name: `GET ${url} -> ${response.statusCode} ${response.headers['content-type']}`, response });
  }
  return calls;
}

describe.each([
  { environment: 'development', production: false },
  { environment: 'production', production: true },
])('security headers in $environment', ({ environment, production }) => {
  let t: TestApp;
  let admin: SignedIn;
  let webDist: string;
  let previews: Call[];

  beforeAll(async () => {
    webDist = writeWebDist();
    t = await createTestApp({ NODE_ENV: environment, WEB_DIST_DIR: webDist });
    const db = t.database.db;
    await seedDemoFirm(db);
    admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const owner = await createUser(db, { role: 'client' });
    const client = await createClient(db, { ownerUserId: owner.id });
    const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
    const base = { clientId: client.id, serviceId: tax!.id, creatorUserId: owner.id };
    const pdf = await createDocument(db, t.app.storage, { ...base, content: pdfBytes() });
    const png = await createDocument(db, t.app.storage, {
      ...base,
      fileName: 'scan.png',
      contentType: 'image/png',
      content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    previews = [];
    for (const document of [pdf, png]) {
      for (const kind of ['preview', 'download']) {
        const url = `/api/v1/document/documents/${document.id}/${kind}`;
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
        previews.push({ name: `GET ${url} -> ${response.statusCode} ${response.headers['content-type']}`, response });
      }
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('are on the response of every registered route, anonymous or signed in', async () => {
    const calls = await callEveryRoute(t, admin);
    // The API alone has over two hundred routes: a short list would mean the table was not read.
    expect(calls.length).toBeGreaterThan(2 * t.app.registeredRoutes.length);
    const failing = calls
      .map((call) => ({ call: call.name, problems: problemsOf(call.response, { production }) }))
      .filter((result) => result.problems.length > 0);
    expect(failing).toEqual([]);
  });

  it('are on error responses: 401, 404, 400, 413, 415, a malformed URL and an over-long parameter', async () => {
    const calls = await callErrorCases(t);
    expect(calls.map((call) => call.response.statusCode)).toEqual([404, 401, 400, 400, 413, 415, 400, 414]);
    for (const call of calls) expect(problemsOf(call.response, { production }), call.name).toEqual([]);
    // The router's own refusals answer in the API's error envelope like every other error.
    for (const call of calls.slice(-2))
      expect(call.response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it("are on the web app's HTML, its client-side routes and its static assets", async () => {
    const calls = await callWebApp(t);
    expect(calls.map((call) => call.response.statusCode)).toEqual([200, 200, 200]);
    expect(calls[1]!.response.body).toContain('<div id="root">');
    for (const call of calls) expect(problemsOf(call.response, { production }), call.name).toEqual([]);
  });

  it('are on file downloads and previews, whose stricter policy keeps the required directives', () => {
    expect(previews.map((call) => call.response.statusCode)).toEqual([200, 200, 200, 200]);
    for (const call of previews) expect(problemsOf(call.response, { production }), call.name).toEqual([]);
    const imagePreview = directivesOf(String(previews[2]!.response.headers['content-security-policy']));
    expect(imagePreview.has('sandbox')).toBe(true);
    expect(imagePreview.get('default-src')).toEqual(["'none'"]);
  });
});

it('never lets a route policy drop base-uri, frame-ancestors or object-src', () => {
  // The check itself: a policy missing a required directive is reported, so the tests above can fail.
  const response = {
    headers: {
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'unsafe-url',
      'x-powered-by': 'Express',
    },
  } as unknown as Response;
  expect(problemsOf(response, { production: true })).toEqual([
    "script-src allows inline or any script: 'self' 'unsafe-inline'",
    "base-uri is not 'none'",
    "frame-ancestors is not 'none'",
    'object-src is undefined',
    'Referrer-Policy is unsafe-url',
    'X-Powered-By is sent',
    'HSTS missing or short in production: undefined',
  ]);
});
