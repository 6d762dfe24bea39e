import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@ledgerport/shared';
import { clientServices, firmSettings, services, users } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { chooseCurrentClient, createClient, createUser } from '../testing/factories.js';
import { signIn } from '../testing/session.js';
import { bodyOfStreamed, STREAM_ROUTES } from '../testing/streams.js';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config/index.js';
import { createTestDatabase, type TestApp } from '../testing/test-app.js';
import { HOSTILE_STRINGS, invalidArbitrary, validArbitrary, type JsonSchema } from './json-schema.js';
import { operationsOf, type OpenApiDocument, type Operation, type Parameter } from './operations.js';

/** Every role of the firm, someone with no token, and someone with a forged one. */
export const FUZZ_ACTORS = ['admin', 'advisor', 'supervisor', 'employee', 'client', 'anonymous', 'forged'] as const;
export type FuzzActor = (typeof FUZZ_ACTORS)[number];
type SignedInActor = Exclude<FuzzActor, 'anonymous' | 'forged'>;

/**
 * Operations given special handling, and why. Everything else is fuzzed the same way.
 * - ENDS_SESSION: the call may end the caller's session (sign-out, password or two-factor changes):
 *   the actor signs in afresh before its next request, so later operations still run signed in.
 * - RESTORE_AFTER: a valid call changes firm-wide state that would lock every actor out of the rest
 *   of the run (settings can require two-factor sign-in for staff and clients): put back afterwards.
 * - Routes that target a user by id never receive a fuzzing actor's own id (deactivating, deleting
 *   or resetting the password of the admin would end the run's admin); should an actor still be
 *   locked out, its row is restored from a snapshot before it signs in again.
 * Mail-sending routes (invitations, password reset) need nothing: mail stays in the outbox and the
 * worker is not running.
 */
const ENDS_SESSION = new Set([
  'POST /api/v1/authentication/account/logout',
  'PATCH /api/v1/identity/users/me/password',
  'POST /api/v1/identity/two-factor/disable',
  'POST /api/v1/identity/two-factor/enrolment/confirm',
]);
const RESTORE_AFTER = new Set(['PUT /api/v1/identity/settings']);
const USER_ID_ROUTE = /^\/api\/v1\/identity\/users\/:id(\/|$)/;

const STAFF_LOGINS: Record<Exclude<SignedInActor, 'client'>, string> = {
  admin: 'b1g1_admin@gmail.com',
  advisor: 'b1g1_advisor@gmail.com',
  supervisor: 'b1g1_supervisor@gmail.com',
  employee: 'b1g1_employee@gmail.com',
};

export type BodyCase =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; payload: string; contentType: string }
  | { kind: 'multipart'; parts: MultipartPart[] };

export interface MultipartPart {
  name: string;
  value: string;
  /** Set for file parts. */
  fileName?: string;
}

export interface FuzzCase {
  actor: FuzzActor;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: BodyCase;
  /** The path was mutated: the request may reach another route or none. */
  pathMutated: boolean;
  /** Which forged token the `forged` actor sends. */
  forgery: number;
  /** The surrogate case (surrogateCases): where a lone UTF-16 surrogate was put. */
  surrogate?: 'body' | 'query' | 'path';
}

export interface FuzzEnvironment {
  t: TestApp;
  operations: Operation[];
  /** Sends one case and checks it; throws with a description when a property fails. */
  run: (operation: Operation, fuzzCase: FuzzCase) => Promise<void>;
  requests: () => number;
  close: () => Promise<void>;
}

export async function createFuzzEnvironment(): Promise<FuzzEnvironment> {
  const errors: string[] = [];
  const t = await createLoggedTestApp(errors);
  const db = t.database.db;
  await seedDemoFirm(db);
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  await db.insert(clientServices).values({ clientId: client.id, serviceId: tax!.id });
  await chooseCurrentClient(db, owner.id, client.id);

  const credentials = new Map<SignedInActor, [string, string]>();
  for (const [actor, login] of Object.entries(STAFF_LOGINS)) credentials.set(actor as SignedInActor, [login, 'Group1']);
  credentials.set('client', [owner.username, owner.password]);
  const tokens = new Map<SignedInActor, string>();
  const actorIds = new Map<SignedInActor, number>();
  for (const [actor, [login, password]] of credentials) {
    const session = await signIn(t.app, login, password);
    tokens.set(actor, session.accessToken);
    actorIds.set(actor, session.userId);
  }
  const snapshot = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...actorIds.values()]));
  const protectedUserIds = new Set(actorIds.values());

  async function tokenFor(actor: SignedInActor): Promise<string> {
    const cached = tokens.get(actor);
    if (cached) return cached;
    const [login, password] = credentials.get(actor)!;
    const session = await signIn(t.app, login, password).catch(async () => {
      // Locked out by a fuzzed call (changed e-mail, deactivated): put the actor's row back.
      const row = snapshot.find((r) => r.id === actorIds.get(actor))!;
      const { id, ...columns } = row;
      await db.update(users).set(columns).where(eq(users.id, id));
      return signIn(t.app, login, password);
    });
    tokens.set(actor, session.accessToken);
    return session.accessToken;
  }

  const knownRoutes = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
  const publicRoutes = new Set(t.app.registeredRoutes.filter((r) => r.isPublic).map((r) => `${r.method} ${r.url}`));
  const document = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
  const operations = operationsOf(document, publicRoutes, knownRoutes).map((operation) =>
    USER_ID_ROUTE.test(operation.route) ? protectIds(operation, protectedUserIds) : operation,
  );

  let requests = 0;
  async function run(operation: Operation, fuzzCase: FuzzCase): Promise<void> {
    const key = `${operation.method} ${operation.route}`;
    const authorization =
      fuzzCase.actor === 'anonymous'
        ? undefined
        : fuzzCase.actor === 'forged'
          ? forgedToken(await tokenFor('admin'), fuzzCase.forgery)
          : `Bearer ${await tokenFor(fuzzCase.actor)}`;
    const { payload, contentType } = encodeBody(fuzzCase.body);
    const response = await t.app.inject({
      method: operation.method as 'GET',
      url: urlOf(operation, fuzzCase),
      headers: {
        ...fuzzCase.headers,
        ...(authorization ? { authorization } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
      // A stream that never ends (Server-Sent Events): its head is read, then it is dropped.
      ...(STREAM_ROUTES.has(key) ? { payloadAsStream: true } : {}),
    });
    const body = STREAM_ROUTES.has(key) ? await bodyOfStreamed(response) : response.body;
    requests++;
    const serverErrors = errors.splice(0);
    if (fuzzCase.actor !== 'anonymous' && fuzzCase.actor !== 'forged') {
      if (response.statusCode === 401 || ENDS_SESSION.has(key)) tokens.delete(fuzzCase.actor);
    }
    if (RESTORE_AFTER.has(key)) await db.delete(firmSettings);
    checkResponse(operation, fuzzCase, response.statusCode, response.headers['content-type'], body, serverErrors);
    // A JSON body holding a lone surrogate is refused before validation (plugins/well-formed-text.ts),
    // unless the caller was already refused for who they are (a permission the admin lacks).
    if (fuzzCase.surrogate === 'body' && response.statusCode !== 400 && response.statusCode !== 403) {
      throw new FuzzFinding(
        `${operation.method} ${operation.path}: a lone surrogate in the body answered ${response.statusCode}, not 400`,
      );
    }
  }

  return { t, operations, run, requests: () => requests, close: () => t.close() };
}

/**
 * createTestApp with the server's error log kept: a 5xx finding then says what went wrong inside.
 * The fuzzer signs in wrongly on purpose thousands of times from one address: no lock-outs.
 */
async function createLoggedTestApp(errors: string[]): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ledgerport-fuzz-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    LOGIN_MAX_FAILURES_PER_IP: '100000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000000',
  });
  const app: App = await buildApp({
    database,
    config,
    logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An id parameter that never names one of the fuzzing actors. */
function protectIds(operation: Operation, ids: ReadonlySet<number>): Operation {
  return {
    ...operation,
    pathParams: operation.pathParams.map((p) =>
      p.name === 'id' ? { ...p, schema: { ...p.schema, 'x-excluded': [...ids] } } : p,
    ),
  };
}

/** A token that must never be accepted: unsigned, re-signed with a guess, or another user's id spliced in. */
function forgedToken(real: string, variant: number): string {
  const [header, payload] = real.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const variants = [
    `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${header}.${encode({ ...claims, sub: '1', exp: 9_999_999_999 })}.${real.split('.')[2]}`,
    `${header}.${payload}.${randomBytes(32).toString('base64url')}`,
    randomBytes(24).toString('hex'),
  ];
  return `Bearer ${variants[variant % variants.length]}`;
}

function render(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** encodeURIComponent throws on a lone surrogate; a browser sends U+FFFD in its place. */
function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

/** A lone surrogate as a URL can carry one: its CESU-8 bytes, which are not valid UTF-8. */
const ENCODED_SURROGATE = '%ED%A0%80';

function urlOf(operation: Operation, fuzzCase: FuzzCase): string {
  let first = true;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const surrogate = fuzzCase.surrogate === 'path' && first;
    first = false;
    return surrogate ? ENCODED_SURROGATE : encodeSegment(render(fuzzCase.path[name]));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fuzzCase.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, render(item));
  }
  const search = [query.toString(), ...(fuzzCase.surrogate === 'query' ? [`x=${ENCODED_SURROGATE}`] : [])]
    .filter(Boolean)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** Every string of a JSON value with a lone high surrogate appended; an object also gets a key holding one. */
function withSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\uD800`;
  if (Array.isArray(value)) return value.length > 0 ? value.map(withSurrogates) : ['\uD800'];
  if (value !== null && typeof value === 'object') {
    return {
      ...Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSurrogates(item)])),
      surrogate: '\uDC00',
    };
  }
  return value;
}

/**
 * The surrogate case every operation gets in every run (issue 17 item 8): a valid call with a lone
 * UTF-16 surrogate in each string of its JSON body, then in the query string, then in a path
 * parameter; sent by someone the route lets in (the admin, or no one for a public route).
 */
export function surrogateCases(operation: Operation, base: FuzzCase): FuzzCase[] {
  const actor: FuzzActor = operation.isPublic ? 'anonymous' : 'admin';
  const valid = { ...base, actor, pathMutated: false };
  const cases: FuzzCase[] = [];
  if (operation.body) {
    const value = base.body.kind === 'json' && base.body.value !== undefined ? base.body.value : {};
    cases.push({ ...valid, body: { kind: 'json', value: withSurrogates(value) }, surrogate: 'body' });
  }
  cases.push({ ...valid, surrogate: 'query' });
  if (operation.pathParams.length > 0) cases.push({ ...valid, surrogate: 'path', pathMutated: true });
  return cases;
}

function encodeBody(body: BodyCase): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return body.value === undefined
        ? {}
        : { payload: JSON.stringify(body.value), contentType: 'application/json; charset=utf-8' };
    case 'raw':
      return { payload: body.payload, contentType: body.contentType };
    case 'multipart': {
      const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
      const chunks = body.parts.map((part) =>
        part.fileName === undefined
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n${part.value}\r\n`,
      );
      return {
        payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    }
  }
}

const schemaCache = new WeakMap<JsonSchema, z.ZodType>();
/** The documented schema as a validator (OpenAPI 3.0 flavour: `nullable`, boolean exclusive bounds). */
export function zodOf(schema: JsonSchema): z.ZodType {
  let compiled = schemaCache.get(schema);
  if (!compiled) {
    compiled = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], { defaultTarget: 'openapi-3.0' });
    schemaCache.set(schema, compiled);
  }
  return compiled;
}

export class FuzzFinding extends Error {}

/** A schema that constrains nothing (files, z.unknown()): only annotations such as a description. */
function isAnyValue(schema: JsonSchema | undefined): boolean {
  return !schema || Object.keys(schema).every((key) => key === 'description' || key === 'title');
}

/** The properties every response must have, whatever was sent. */
export function checkResponse(
  operation: Operation,
  fuzzCase: FuzzCase,
  status: number,
  contentType: string | number | string[] | undefined,
  body: string,
  serverErrors: string[] = [],
): void {
  const fail = (message: string) => {
    throw new FuzzFinding(
      `${operation.method} ${operation.path} as ${fuzzCase.actor}: ${message}\n${body.slice(0, 500)}\n` +
        serverErrors.join('\n').slice(0, 3000),
    );
  };
  if (status >= 500) fail(`answered ${status}`);
  // An empty segment or a word may select a sibling route (/users/ is the list, /users/me another route).
  const mayReachOtherRoute =
    fuzzCase.pathMutated && Object.values(fuzzCase.path).some((value) => /^([a-z][a-z-]*)?$/.test(render(value)));
  const unauthenticated = fuzzCase.actor === 'anonymous' || fuzzCase.actor === 'forged';
  if (unauthenticated && !operation.isPublic) {
    if (status >= 200 && status < 400) fail(`let an unauthenticated caller through with ${status}`);
    if (!fuzzCase.pathMutated && status !== 401) fail(`answered an unauthenticated caller ${status}, not 401`);
  }
  const isJson = typeof contentType === 'string' && contentType.startsWith('application/json');
  const documented = operation.responses.get(status);
  if (status >= 400) {
    if (!isJson || !errorEnvelopeSchema.safeParse(JSON.parse(body)).success)
      fail(`${status} without the error envelope`);
    return;
  }
  if (!documented) {
    if (!mayReachOtherRoute) fail(`answered ${status}, which the document does not list`);
    return;
  }
  if (status === 204) {
    if (body !== '') fail('204 with a body');
    return;
  }
  if (mayReachOtherRoute || isAnyValue(documented.schema)) return;
  if (!isJson) return fail(`${status} is documented as JSON but came as ${String(contentType)}`);
  const result = zodOf(documented.schema!).safeParse(JSON.parse(body));
  if (!result.success) fail(`${status} does not match its documented schema: ${result.error.message.slice(0, 800)}`);
}

// ---------------------------------------------------------------------------------------------
// Inputs

const actorArbitrary = fc.constantFrom(...FUZZ_ACTORS);

function parametersArbitrary(parameters: Parameter[]): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, paramValueArbitrary(p.schema)]));
  return fc.record(model, { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) });
}

/** A parameter's valid value, never one the schema's `x-excluded` lists (the actors' own ids). */
function paramValueArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema);
  const excluded = schema['x-excluded'];
  return excluded ? valid.filter((value) => !excluded.includes(value)) : valid;
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<BodyCase> {
  if (operation.body) {
    const value = validArbitrary(operation.body.schema);
    return operation.body.required
      ? value.map((v) => ({ kind: 'json', value: v }) as const)
      : fc.option(value, { nil: undefined }).map((v) => ({ kind: 'json', value: v }) as const);
  }
  if (operation.multipartFields) return multipartArbitrary(operation.multipartFields, false);
  return fc.constant({ kind: 'none' } as const);
}

/** A PNG header: enough for sniffing by content to call it an image. */
const PNG_MAGIC = '\x89PNG\r\n\x1a\n\0\0\0\rIHDR';

function multipartArbitrary(fields: string[], hostile: boolean): fc.Arbitrary<BodyCase> {
  const names = fields.length > 0 ? fields : ['file'];
  const value = hostile
    ? fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 300 }))
    : fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('true', 'false', '1', '2', '3', '2024', 'a@example.com', '12345', '2024-01-31'),
      );
  const part = fc.record({
    name: hostile
      ? fc.oneof(fc.constantFrom(...names), fc.constantFrom(...HOSTILE_STRINGS))
      : fc.constantFrom(...names),
    value,
    fileName: fc.option(
      fc.oneof(
        fc.constantFrom('a.pdf', 'a.png', '../../x.exe', 'a"b.pdf', '\u202Efdp.exe'),
        fc.string({ maxLength: 20 }),
      ),
      { nil: undefined },
    ),
  });
  return fc.tuple(fc.array(part, { maxLength: 8 }), fc.boolean()).map(([parts, withImage]) => ({
    kind: 'multipart',
    parts: withImage ? [...parts, { name: names.at(-1)!, value: PNG_MAGIC, fileName: 'p.png' }] : parts,
  }));
}

export function validCaseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  return fc.record({
    actor: actorArbitrary,
    path: parametersArbitrary(operation.pathParams),
    query: parametersArbitrary(operation.query),
    headers: parametersArbitrary(operation.headers).map(
      (h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, render(v)])) as Record<string, string>,
    ),
    body: bodyArbitrary(operation),
    pathMutated: fc.constant(false),
    forgery: fc.nat(3),
  });
}

/** Bodies no JSON parser or schema should accept, and a few it should refuse by size or type. */
const RAW_BODIES: ReadonlyArray<{ payload: string; contentType: string }> = [
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '1e999', contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { payload: '['.repeat(10_000) + ']'.repeat(10_000), contentType: 'application/json' },
  { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a/>', contentType: 'application/xml' },
  { payload: 'x', contentType: 'multipart/form-data' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"; filename="a.pdf"\r\n\r\n%PDF',
    contentType: 'multipart/form-data; boundary=x',
  },
  { payload: '--\r\n', contentType: 'multipart/form-data; boundary=' },
  { payload: 'x', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
];

function invalidParamValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(invalidArbitrary(schema), fc.constantFrom(...HOSTILE_STRINGS));
}

type Mutation = (base: FuzzCase) => fc.Arbitrary<FuzzCase>;

function mutationsOf(operation: Operation): Mutation[] {
  const mutations: Mutation[] = [];
  if (operation.pathParams.length > 0) {
    mutations.push((base) =>
      fc
        .constantFrom(...operation.pathParams)
        .chain((p) => invalidParamValue(p.schema).map((value) => ({ name: p.name, value })))
        .map(({ name, value }) => ({ ...base, path: { ...base.path, [name]: value }, pathMutated: true })),
    );
  }
  if (operation.query.length > 0) {
    mutations.push((base) =>
      fc
        .constantFrom(...operation.query)
        .chain((p) =>
          fc.oneof(
            invalidParamValue(p.schema).map((value) => ({ ...base.query, [p.name]: value })),
            // Repeated keys arrive as arrays.
            fc.constant({ ...base.query, [p.name]: ['1', 'x'] }),
            fc.constant(Object.fromEntries(Object.entries(base.query).filter(([k]) => k !== p.name))),
          ),
        )
        .map((query) => ({ ...base, query })),
    );
  }
  // Unknown query parameters, even where none is documented.
  mutations.push((base) =>
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor', 'limit', 'x'), invalidParamValue({ type: 'string' }))
      .map(([name, value]) => ({ ...base, query: { ...base.query, [name]: value } })),
  );
  for (const header of operation.headers) {
    mutations.push((base) =>
      fc
        .oneof(
          fc.constantFrom(...HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
          fc.constant('x'.repeat(5000)),
        )
        .map((value) => ({ ...base, headers: { ...base.headers, [header.name]: value } })),
    );
  }
  if (operation.body) {
    const schema = operation.body.schema;
    mutations.push((base) => invalidArbitrary(schema).map((value) => ({ ...base, body: { kind: 'json', value } })));
  }
  if (operation.multipartFields) {
    mutations.push((base) => multipartArbitrary(operation.multipartFields!, true).map((body) => ({ ...base, body })));
  }
  // Any operation may receive a malformed or unexpected body.
  mutations.push((base) => fc.constantFrom(...RAW_BODIES).map((raw) => ({ ...base, body: { kind: 'raw', ...raw } })));
  return mutations;
}

/** A valid case with one or two of its parts broken. */
export function invalidCaseArbitrary(operation: Operation): fc.Arbitrary<FuzzCase> {
  const mutations = mutationsOf(operation);
  const mutate = (base: FuzzCase) => fc.constantFrom(...mutations).chain((mutation) => mutation(base));
  return validCaseArbitrary(operation).chain((base) =>
    fc.oneof({ weight: 3, arbitrary: mutate(base) }, { weight: 1, arbitrary: mutate(base).chain(mutate) }),
  );
}
