import { BACKGROUND_REQUEST_HEADER } from '@ledgerport/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse } from '@/testing/test-utils';
import {
  ApiError,
  CLIENT_ERROR_CODE,
  REFRESH_PATH,
  api,
  fileNameFromDisposition,
  setSessionExpiredHandler,
} from './api-client';
import { SESSION_STORAGE_PREFIX, getSession, startSession } from './session';
import { z } from 'zod';

const REFRESH_URL = `/api/v1${REFRESH_PATH}`;
const thingSchema = z.object({ ok: z.boolean(), path: z.string() });

type FetchArgs = [input: string, init: RequestInit];

function authorizationOf(init: RequestInit): string | null {
  return new Headers(init.headers).get('Authorization');
}

function storedKeys(): string[] {
  return Object.keys(window.localStorage).filter((key) => key.startsWith(SESSION_STORAGE_PREFIX));
}

/**
 * Stands in for the server: the access token "new" is the only one it accepts. The refresh answers
 * a little later, so every request has failed before it does.
 */
function stubServer(refresh: () => Response) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    if (input === REFRESH_URL) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refresh();
    }
    if (authorizationOf(init) !== 'Bearer new') return errorResponse(401, 'UNAUTHORIZED');
    return jsonResponse({ ok: true, path: input });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const refreshCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([input]: FetchArgs) => input === REFRESH_URL);

describe('api client token refresh', () => {
  const onExpired = vi.fn();

  beforeEach(() => {
    startSession({ accessToken: 'old', user: buildSessionUser(), permissions: ['user:list'] });
    setSessionExpiredHandler(onExpired);
  });

  afterEach(() => {
    setSessionExpiredHandler(null);
    onExpired.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refreshes once for concurrent 401s and retries each request with the new token', async () => {
    const fetchMock = stubServer(() =>
      jsonResponse({ accessToken: 'new', refreshToken: '', permissions: ['user:list', 'role:list'] }),
    );

    const [first, second] = await Promise.all([
      api.get('/identity/users/me', { schema: thingSchema }),
      api.get('/document/users/me/clients', { schema: thingSchema }),
    ]);

    expect(first).toEqual({ ok: true, path: '/api/v1/identity/users/me' });
    expect(second).toEqual({ ok: true, path: '/api/v1/document/users/me/clients' });
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    // The refresh token is a cookie: the refresh call carries no bearer and no body.
    const [, refreshInit] = refreshCalls(fetchMock)[0]!;
    expect(authorizationOf(refreshInit)).toBeNull();
    expect(refreshInit.body).toBeUndefined();
    expect(refreshInit.credentials).toBe('same-origin');
    expect(fetchMock).toHaveBeenCalledTimes(5); // 2 failures, 1 refresh, 2 retries
    expect(getSession().accessToken).toBe('new');
    expect(getSession().permissions).toEqual(['user:list', 'role:list']);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('sends a POST again after the refresh with the same Idempotency-Key', async () => {
    const fetchMock = stubServer(() => jsonResponse({ accessToken: 'new', refreshToken: '', permissions: [] }));

    await api.post('/document/tags', { body: { name: 'x' }, schema: thingSchema });

    const posts = fetchMock.mock.calls.filter(([input]: FetchArgs) => input === '/api/v1/document/tags');
    expect(posts.map(([, init]) => authorizationOf(init))).toEqual(['Bearer old', 'Bearer new']);
    const [first, retry] = posts.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
  });

  it('clears the session and signs out once when the refresh is refused', async () => {
    const fetchMock = stubServer(() => errorResponse(401, 'INVALID_REFRESH_TOKEN'));

    const results = await Promise.allSettled([
      api.get('/a', { schema: thingSchema }),
      api.get('/b', { schema: thingSchema }),
    ]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(ApiError);
      expect((reason as ApiError).status).toBe(401);
    }
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(storedKeys()).toEqual([]);
    expect(getSession().accessToken).toBeNull();
    expect(getSession().endReason).toBe('expired');
  });

  it('does not sign out twice when a 401 arrives after the refresh was refused', async () => {
    const fetchMock = vi.fn(async (input: string) => {
      if (input === REFRESH_URL) return errorResponse(401, 'INVALID_REFRESH_TOKEN');
      // "/b" was sent with the old token too, but its answer comes after the refusal.
      if (input.endsWith('/b')) await new Promise((resolve) => setTimeout(resolve, 30));
      return errorResponse(401, 'UNAUTHORIZED');
    });
    vi.stubGlobal('fetch', fetchMock);

    const results = await Promise.allSettled([api.get('/a'), api.get('/b')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(fetchMock.mock.calls.filter(([input]) => input === REFRESH_URL)).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails for lack of a server', async () => {
    stubServer(() => errorResponse(503, 'SERVICE_UNAVAILABLE'));

    await expect(api.get('/a', { schema: thingSchema })).rejects.toMatchObject({ status: 401 });

    expect(onExpired).not.toHaveBeenCalled();
    expect(getSession().accessToken).toBe('old');
  });

  it('does not refresh after a failed sign-in', async () => {
    const fetchMock = stubServer(() => jsonResponse({ accessToken: 'new', refreshToken: '', permissions: [] }));

    await expect(
      api.post('/authentication/account/authenticate', { body: { usernameOrEmailAddress: 'a', password: 'b' } }),
    ).rejects.toMatchObject({ status: 401 });

    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });

  it('marks a background request, its refresh and its retry as background, and nothing else', async () => {
    const fetchMock = stubServer(() => jsonResponse({ accessToken: 'new', refreshToken: '', permissions: [] }));
    const backgroundOf = (calls: FetchArgs[]) =>
      calls.map(([input, init]) => [input, new Headers(init.headers).get(BACKGROUND_REQUEST_HEADER)]);

    await api.get('/poll', { background: true, schema: thingSchema });
    expect(backgroundOf(fetchMock.mock.calls)).toEqual([
      ['/api/v1/poll', '1'],
      [REFRESH_URL, '1'],
      ['/api/v1/poll', '1'],
    ]);

    // A person's request after the token expires again: neither it nor its refresh is background.
    fetchMock.mockClear();
    startSession({ accessToken: 'old', user: buildSessionUser(), permissions: [] });
    await api.get('/list', { schema: thingSchema });
    expect(backgroundOf(fetchMock.mock.calls)).toEqual([
      ['/api/v1/list', null],
      [REFRESH_URL, null],
      ['/api/v1/list', null],
    ]);
  });

  it('only retries when another tab refreshed while this one waited for the lock', async () => {
    const fetchMock = stubServer(() => jsonResponse({ accessToken: 'newer', refreshToken: '', permissions: [] }));
    const request = vi.fn(async (_name: string, task: () => Promise<unknown>) => {
      // The other tab held the lock and stored its fresh token before this tab got it.
      window.localStorage.setItem(`${SESSION_STORAGE_PREFIX}accessToken`, 'new');
      return task();
    });
    vi.stubGlobal('navigator', { ...window.navigator, locks: { request } });

    await expect(api.get('/a', { schema: thingSchema })).resolves.toMatchObject({ ok: true });

    expect(request).toHaveBeenCalledWith('ledgerport-refresh', expect.any(Function));
    expect(refreshCalls(fetchMock)).toHaveLength(0);
    expect(getSession().accessToken).toBe('new');
  });
});

describe('api client requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the bearer token, the language and the query, and parses the error envelope', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    const fetchMock = vi.fn(async (_input: string, _init: RequestInit) =>
      jsonResponse(
        { error: { code: 'CONFLICT', message: 'Taken', requestId: 'req-1', details: { field: 'name' } } },
        { status: 409 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    const error: unknown = await api
      .post('/identity/roles', { body: { name: 'x' }, query: { tagId: [1, 2], empty: '', skip: undefined } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Taken', requestId: 'req-1' });
    expect((error as ApiError).details).toEqual({ field: 'name' });
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(input).toBe('/api/v1/identity/roles?tagId=1&tagId=2');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('sends every POST with an Idempotency-Key, the same on its retry after a lost connection', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    vi.useFakeTimers();
    let calls = 0;
    const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ ok: true, path: 'x' }, { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);

    const pending = api.post('/document/tags', { body: { name: 'x' }, schema: thingSchema });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toEqual({ ok: true, path: 'x' });

    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // Another action is another key; a GET carries none.
    await api.post('/document/tags', { body: { name: 'y' }, schema: thingSchema });
    await api.get('/document/tags');
    const [third, fourth] = fetchMock.mock.calls.slice(2).map(([, init]) => new Headers(init.headers));
    expect(third!.get('idempotency-key')).not.toBe(keys[0]);
    expect(fourth!.get('idempotency-key')).toBeNull();
  });

  it('reads Retry-After from a 429', async () => {
    vi.stubGlobal('fetch', async () => errorResponse(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '125' }));

    await expect(api.get('/a')).rejects.toMatchObject({ status: 429, retryAfterSeconds: 125 });
  });

  it('gives up after the request timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_input: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const pending = api.get('/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await pending).toMatchObject({ status: 0, code: CLIENT_ERROR_CODE.timeout });
  });
});

describe('api client early requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubAnswers(answer: (input: string) => Response) {
    const fetchMock = vi.fn(async (input: string, _init: RequestInit) => answer(input));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('hands an early GET to the first get of the same address, validated there, and asks anew after that', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    const fetchMock = stubAnswers((input) => jsonResponse({ ok: true, path: input }));

    api.startEarly('/early/lists', { page: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authorizationOf(fetchMock.mock.calls[0]![1])).toBe('Bearer tok');

    await expect(api.get('/early/lists', { query: { page: 2 }, schema: thingSchema })).resolves.toEqual({
      ok: true,
      path: '/api/v1/early/lists?page=2',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await api.get('/early/lists', { query: { page: 2 }, schema: thingSchema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not give an early answer to another user, nor to another address', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser({ id: 1 }), permissions: [] });
    const fetchMock = stubAnswers((input) => jsonResponse({ ok: true, path: input }));
    api.startEarly('/early/mine');
    api.startEarly('/early/other', { page: 1 });

    await api.get('/early/other', { query: { page: 2 }, schema: thingSchema });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    startSession({ accessToken: 'tok2', user: buildSessionUser({ id: 2 }), permissions: [] });
    await api.get('/early/mine', { schema: thingSchema });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(authorizationOf(fetchMock.mock.calls[3]![1])).toBe('Bearer tok2');
  });

  it('gives the caller the error and the contract check it would have met asking itself', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    stubAnswers((input) =>
      input.endsWith('/refused') ? errorResponse(403, 'TWO_FACTOR_REQUIRED') : jsonResponse({ ok: 'yes' }),
    );
    api.startEarly('/early/refused');
    api.startEarly('/early/malformed');

    await expect(api.get('/early/refused', { schema: thingSchema })).rejects.toMatchObject({
      status: 403,
      code: 'TWO_FACTOR_REQUIRED',
    });
    await expect(api.get('/early/malformed', { schema: thingSchema })).rejects.toMatchObject({
      code: CLIENT_ERROR_CODE.invalidResponse,
    });
  });

  it('drops an early answer nobody took in time, and every one once the user changes something', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    const fetchMock = stubAnswers((input) => jsonResponse({ ok: true, path: input }, { status: 200 }));
    vi.useFakeTimers();
    try {
      api.startEarly('/early/late');
      await vi.advanceTimersByTimeAsync(30_000);
      await api.get('/early/late', { schema: thingSchema });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      api.startEarly('/early/changed');
      await api.post('/early/changes', { body: {} });
      await api.get('/early/changed', { schema: thingSchema });
      expect(fetchMock.mock.calls.map(([input]) => input).slice(2)).toEqual([
        '/api/v1/early/changed',
        '/api/v1/early/changes',
        '/api/v1/early/changed',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the caller cancel its wait for an early answer', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: [] });
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    api.startEarly('/early/slow');

    const controller = new AbortController();
    const pending = api.get('/early/slow', { schema: thingSchema, signal: controller.signal });
    controller.abort(new DOMException('Left the screen', 'AbortError'));

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    answer(jsonResponse({ ok: true, path: 'late' }));
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="users.xlsx"', 'users.xlsx'],
    ['attachment; filename="Users.xlsx"; filename*=UTF-8\'\'Users%20%E2%80%93%202026.xlsx', 'Users – 2026.xlsx'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    ['attachment', null],
  ])('%s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
  it('is null without the header', () => expect(fileNameFromDisposition(null)).toBeNull());
});
