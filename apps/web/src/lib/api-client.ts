import {
  BACKGROUND_REQUEST_HEADER,
  FILE_TRANSFER_TIMEOUT_MS,
  IDEMPOTENCY_KEY_HEADER,
  REQUEST_TIMEOUT_MS,
  type ErrorCode,
  type ErrorEnvelope,
  type RefreshResult,
} from '@ledgerport/shared';
import type { z } from 'zod';
import { clearSession, getSession, readStoredAccessToken, reloadSession, updateTokens } from './session';

/**
 * The one HTTP client of the web app (DESIGN.md section 7). It authenticates, times out, parses the
 * error envelope and refreshes the access token; it never shows messages, because only the caller
 * knows which words fit the action that failed.
 */
export const API_BASE_URL = '/api/v1';

export const AUTHENTICATE_PATH = '/authentication/account/authenticate';
export const REFRESH_PATH = '/authentication/account/refresh-jwt-tokens';

/** A failed sign-in or refresh is an answer about credentials, not an expired access token. */
const PATHS_WITHOUT_REFRESH = new Set([AUTHENTICATE_PATH, REFRESH_PATH]);

const REFRESH_LOCK_NAME = 'ledgerport-refresh';

/** Codes for failures that never reached the server's error handler. */
export const CLIENT_ERROR_CODE = {
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no answer arrived (timeout, network). */
  readonly status: number;
  readonly code: string;
  readonly requestId: string;
  readonly details: unknown;
  /** From `Retry-After` on 429 and 503 answers. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    details?: unknown;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? '';
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  /** Empty, null and undefined values are left out; arrays repeat the key (`tagId=1&tagId=2`). */
  query?: QueryParams;
  /** `FormData` goes as multipart, anything else as JSON. */
  body?: unknown;
  /** Validates the JSON answer; without a schema the body is ignored. */
  schema?: S;
  /** Usually the one TanStack Query passes, so leaving a screen cancels its requests. */
  signal?: AbortSignal;
  /** Uploads and downloads get the long timeout. */
  fileTransfer?: boolean;
  /**
   * A POST's `Idempotency-Key`. Every POST gets a fresh one that its own retries reuse (after a
   * token refresh, after a lost connection); a caller passes its own to keep one key across the
   * person's retries of one action.
   */
  idempotencyKey?: string;
  /**
   * The version the caller loaded (the object's `version`, its GET's ETag), sent as `If-Match`: a save
   * over someone else's newer one is refused with 412 STALE_VERSION instead of overwriting it.
   */
  ifMatch?: string;
  /**
   * Asked for by no person (a poll): marked with the background header, as is the token refresh it
   * may need, so the API does not count it as activity and a tab left open still goes idle.
   */
  background?: boolean;
}

type Output<S> = S extends z.ZodType ? z.output<S> : void;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `rawJson`: parsed but not validated, for the client's own hand-checked answers. */
type ResponseKind = 'json' | 'rawJson' | 'blob';

let sessionExpiredHandler: (() => void) | null = null;

/**
 * Registered by the app so this module needs no router: called once when the refresh token is
 * refused and the session has been cleared.
 */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  sessionExpiredHandler = handler;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const queryString = search.toString();
  return `${API_BASE_URL}${path}${queryString ? `?${queryString}` : ''}`;
}

export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition` (RFC 6266: `filename*` preferred over `filename`), if the server named it. */
  fileName: string | null;
}

export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"])*)"|([^;]+))/.exec(header);
  const value = plain?.[1] ?? plain?.[2];
  return value ? value.replace(/\\(.)/g, '$1').trim() : null;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/*
 * Codes for answers without the envelope (a proxy's 502, say). Written as literals checked against
 * the shared `ErrorCode` type rather than read from `ERROR_CODE`: the module that defines ERROR_CODE
 * also builds a zod schema, and importing it here would put zod on the first paint.
 */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};
const FALLBACK_CODE: ErrorCode = 'INTERNAL_ERROR';

/*
 * The envelope and the refresh answer are checked by hand, not with the shared zod schemas: this
 * module is needed for the first paint of /login and zod is not (DESIGN.md section 10 budget).
 * Every other answer is validated with the schema its caller passes.
 */
function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string' &&
    'requestId' in error &&
    typeof error.requestId === 'string'
  );
}

function isRefreshResult(value: unknown): value is RefreshResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof RefreshResult, unknown>>;
  return (
    typeof candidate.accessToken === 'string' &&
    candidate.accessToken.length > 0 &&
    Array.isArray(candidate.permissions) &&
    candidate.permissions.every((permission) => typeof permission === 'string')
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Proxies and gateways answer errors in HTML or with no body: fall back to the status.
  }
  if (isErrorEnvelope(payload)) {
    return new ApiError({ status: response.status, ...payload.error, retryAfterSeconds });
  }
  return new ApiError({
    status: response.status,
    code: CODE_BY_STATUS[response.status] ?? FALLBACK_CODE,
    message: response.statusText || `HTTP ${response.status}`,
    retryAfterSeconds,
  });
}

/** Ties the caller's signal to ours so either can cancel; returns the clean-up. */
function linkSignal(source: AbortSignal | undefined, target: AbortController): () => void {
  if (!source) return () => {};
  if (source.aborted) {
    target.abort(source.reason);
    return () => {};
  }
  const abort = () => target.abort(source.reason);
  source.addEventListener('abort', abort, { once: true });
  return () => source.removeEventListener('abort', abort);
}

async function readBody(response: Response, kind: ResponseKind, schema: z.ZodType | undefined): Promise<unknown> {
  if (kind === 'blob') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
    };
    return file;
  }
  if ((kind === 'json' && !schema) || response.status === 204) return undefined;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError({ status: response.status, code: CLIENT_ERROR_CODE.invalidResponse, message: 'Invalid JSON' });
  }
  if (kind === 'rawJson' || !schema) return data;
  return validated(data, schema, response.status);
}

function validated(data: unknown, schema: z.ZodType, status: number): unknown {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status,
      code: CLIENT_ERROR_CODE.invalidResponse,
      message: 'The answer does not match the contract',
      details: parsed.error.issues,
    });
  }
  return parsed.data;
}

/** One network round trip; the timeout also covers reading the body, where large downloads spend their time. */
async function execute(
  method: Method,
  path: string,
  options: RequestOptions<z.ZodType | undefined>,
  kind: ResponseKind,
  accessToken: string | null,
): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.fileTransfer ? FILE_TRANSFER_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
  );
  const unlink = linkSignal(options.signal, controller);

  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getSession().locale });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  if (options.ifMatch !== undefined) headers.set('If-Match', `"${options.ifMatch}"`);
  if (options.background) headers.set(BACKGROUND_REQUEST_HEADER, '1');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      // The refresh token travels only as an HttpOnly cookie; same-origin keeps it off other hosts.
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) throw await toApiError(response);
    return await readBody(response, kind, options.schema);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.timeout, message: 'The request timed out' });
    }
    if (options.signal?.aborted) throw error; // the caller cancelled: let it see its own abort
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.network, message: 'The server could not be reached' });
  } finally {
    clearTimeout(timer);
    unlink();
  }
}

type RefreshOutcome = 'refreshed' | 'refused' | 'unavailable' | 'signedOut';

async function refreshUnlessAlreadyDone(failedToken: string, background: boolean): Promise<RefreshOutcome> {
  const stored = readStoredAccessToken();
  // Signed out meanwhile, here (a refusal a moment ago) or in another tab: nothing left to renew,
  // and whoever ended the session has already taken the user to the login page.
  if (stored === null) return 'signedOut';
  if (stored !== failedToken) {
    // Another tab (or an earlier refresh in this one) already rotated the token: just retry.
    reloadSession();
    return 'refreshed';
  }
  try {
    const result = await execute('GET', REFRESH_PATH, { background }, 'rawJson', null);
    if (!isRefreshResult(result)) return 'refused';
    // result.refreshToken is ignored: for the web app it is empty and the new one is in the cookie.
    updateTokens({ accessToken: result.accessToken, permissions: result.permissions });
    return 'refreshed';
  } catch (error) {
    // Only a refusal ends the session. A timeout or a 5xx while the database is down must not sign
    // everybody out; the failed request reports its error and the next one tries again.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return 'refused';
    return 'unavailable';
  }
}

/**
 * Tabs share one refresh-token cookie and the token is single-use (reuse revokes the whole family),
 * so two tabs refreshing at once would sign the user out. The Web Locks API serialises them.
 */
async function withRefreshLock(task: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as LockManager | undefined;
  if (!locks || typeof locks.request !== 'function') return task();
  return await locks.request(REFRESH_LOCK_NAME, task);
}

async function runRefresh(failedToken: string, background: boolean): Promise<boolean> {
  let outcome: RefreshOutcome;
  try {
    outcome = await withRefreshLock(() => refreshUnlessAlreadyDone(failedToken, background));
  } catch {
    outcome = 'unavailable';
  }
  if (outcome === 'refused') {
    clearSession('expired');
    sessionExpiredHandler?.();
  }
  return outcome === 'refreshed';
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Single flight: every request that failed with 401 while a refresh is running waits for that same
 * refresh instead of starting its own (the refresh token is single-use). The refresh is background
 * when the request that started it was; a person's request that joins it is activity of its own.
 */
function refreshAccessToken(failedToken: string, background: boolean): Promise<boolean> {
  refreshInFlight ??= runRefresh(failedToken, background).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** One attempt with the stored token and, after a 401, one more once the single-flight refresh succeeded. */
async function withTokenRefresh<T>(
  path: string,
  background: boolean,
  attempt: (accessToken: string | null) => Promise<T>,
): Promise<T> {
  const accessToken = readStoredAccessToken();
  try {
    return await attempt(accessToken);
  } catch (error) {
    const mayRefresh = isApiError(error, 401) && accessToken !== null && !PATHS_WITHOUT_REFRESH.has(path);
    if (!mayRefresh || !(await refreshAccessToken(accessToken, background))) throw error;
    // Retried once: a second 401 means the new token is refused too, and that is the caller's answer.
    return attempt(readStoredAccessToken());
  }
}

function send(
  method: Method,
  path: string,
  options: RequestOptions<z.ZodType | undefined>,
  kind: ResponseKind,
): Promise<unknown> {
  return withTokenRefresh(path, options.background ?? false, (accessToken) =>
    execute(method, path, options, kind, accessToken),
  );
}

export interface UploadOptions<S extends z.ZodType | undefined = undefined> {
  /** Validates the JSON answer; without a schema the body is ignored. */
  schema?: S;
  /** Bytes of the request body sent so far; starts again from 0 if the request is retried after a refresh. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** PUT for a save that carries a file (a question's answer with its receipt); POST by default. */
  method?: 'POST' | 'PUT';
  /** As `RequestOptions.ifMatch`: the version the save was made from. */
  ifMatch?: string;
}

/** Statuses whose Response must have no body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The XHR's answer as a fetch Response, so errors and bodies are read exactly as for every other call. */
function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  const lines = xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/);
  for (const line of lines) {
    const separator = line.indexOf(':');
    if (separator > 0) headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
  return new Response(body, { status: xhr.status, statusText: xhr.statusText, headers });
}

async function answerOf(response: Response, schema: z.ZodType | undefined): Promise<unknown> {
  if (!response.ok) throw await toApiError(response);
  return readBody(response, 'json', schema);
}

/**
 * One multipart POST through XMLHttpRequest: fetch cannot report how much of a request body has been
 * sent, and the upload dialog shows a progress bar per file.
 */
function transmit(
  path: string,
  formData: FormData,
  options: UploadOptions<z.ZodType | undefined>,
  accessToken: string | null,
  idempotencyKey: string,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const finish = (outcome: Promise<unknown>) => {
      signal?.removeEventListener('abort', abort);
      outcome.then(resolve, reject);
    };

    xhr.open(options.method ?? 'POST', buildUrl(path));
    xhr.timeout = FILE_TRANSFER_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getSession().locale);
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    if (options.ifMatch !== undefined) xhr.setRequestHeader('If-Match', `"${options.ifMatch}"`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => finish(answerOf(responseOf(xhr), options.schema));
    xhr.ontimeout = () =>
      finish(
        Promise.reject(new ApiError({ status: 0, code: CLIENT_ERROR_CODE.timeout, message: 'The request timed out' })),
      );
    xhr.onerror = () =>
      finish(
        Promise.reject(
          new ApiError({ status: 0, code: CLIENT_ERROR_CODE.network, message: 'The server could not be reached' }),
        ),
      );
    // Only the caller's signal aborts: it sees its own reason, as with fetch.
    xhr.onabort = () => finish(Promise.reject(signal?.reason));
    // No Content-Type: the browser writes the multipart boundary itself.
    xhr.send(formData);
  });
}

/**
 * 32 hex digits from the browser's random source. Not `crypto.randomUUID`: that exists only in a
 * secure context, and a firm may serve the app over plain HTTP on its own network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A lost connection is tried once more after this pause; the key makes that safe for a POST. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * GETs started before the code that asks for them has arrived (`api.startEarly`): on a cold start
 * the screen's first requests go out beside its scripts instead of after them. Each is handed to the
 * first `api.get` of the same address for the same user, who validates it with its own schema; one
 * nobody asked for is dropped after `EARLY_REQUEST_TTL_MS`, and all of them at the first change the
 * user sends (a POST, PUT, PATCH or DELETE), which may have made them out of date.
 */
interface EarlyRequest {
  answer: Promise<unknown>;
  userId: number | null;
  startedAt: number;
}
const EARLY_REQUEST_TTL_MS = 30_000;
const earlyRequests = new Map<string, EarlyRequest>();

/** At sign-out, and for tests, whose files share this module. */
export function dropEarlyRequests(): void {
  earlyRequests.clear();
}

function takeEarlyRequest(url: string): Promise<unknown> | null {
  const early = earlyRequests.get(url);
  if (!early) return null;
  earlyRequests.delete(url);
  const fresh = Date.now() - early.startedAt < EARLY_REQUEST_TTL_MS;
  // A request made for someone who has signed out since is not theirs to read.
  return fresh && early.userId === (getSession().user?.id ?? null) ? early.answer : null;
}

/** The caller's cancel ends its wait, not the request (nothing else would read its answer anyway). */
async function untilAnswerOrAbort(answer: Promise<unknown>, signal: AbortSignal | undefined): Promise<unknown> {
  if (!signal) return answer;
  signal.throwIfAborted();
  let stopWaiting: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([answer, aborted]);
  } finally {
    stopWaiting();
  }
}

async function fromEarlyRequest(answer: Promise<unknown>, schema: z.ZodType | undefined, signal?: AbortSignal) {
  const data = await untilAnswerOrAbort(answer, signal);
  // An answer that was not 2xx rejected above, with its own error.
  return schema ? validated(data, schema, 200) : undefined;
}

async function request<S extends z.ZodType | undefined = undefined>(
  method: Method,
  path: string,
  options: RequestOptions<S> = {},
): Promise<Output<S>> {
  if (method === 'GET') {
    const early = takeEarlyRequest(buildUrl(path, options.query));
    if (early) return fromEarlyRequest(early, options.schema, options.signal) as Promise<Output<S>>;
  } else {
    dropEarlyRequests();
  }
  if (method !== 'POST') return send(method, path, options, 'json') as Promise<Output<S>>;
  // One key for this call and its retries: the server answers a repeat with the first answer.
  const keyed = { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() };
  try {
    return (await send(method, path, keyed, 'json')) as Output<S>;
  } catch (error) {
    // The answer was lost, not refused: the request may have been carried out, so it is sent again
    // with the same key, which returns that outcome instead of doing it twice.
    if (!isApiError(error) || error.code !== CLIENT_ERROR_CODE.network || options.signal?.aborted) throw error;
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    return (await send(method, path, keyed, 'json')) as Output<S>;
  }
}

type BodylessOptions<S extends z.ZodType | undefined> = Omit<RequestOptions<S>, 'body'>;

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, options?: BodylessOptions<S>) =>
    request('GET', path, options),
  /**
   * Sends a GET now for the `api.get` of the same address that will follow once its code is here
   * (see `EarlyRequest`). Its answer is kept unvalidated until then; an error reaches that caller.
   */
  startEarly: (path: string, query?: QueryParams, { background = false }: { background?: boolean } = {}) => {
    const url = buildUrl(path, query);
    if (earlyRequests.has(url)) return;
    const answer = send('GET', path, { query, background }, 'rawJson');
    // Nobody may ever ask (the screen changed meanwhile): its failure is not an unhandled rejection.
    answer.catch(() => undefined);
    const early = { answer, userId: getSession().user?.id ?? null, startedAt: Date.now() };
    earlyRequests.set(url, early);
    setTimeout(() => {
      if (earlyRequests.get(url) === early) earlyRequests.delete(url);
    }, EARLY_REQUEST_TTL_MS);
  },
  post: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request('POST', path, options),
  put: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request('PUT', path, options),
  patch: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request('PATCH', path, options),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
    request('DELETE', path, options),
  /** Downloads (files, exports) with the long timeout. */
  getBlob: (path: string, options?: Omit<RequestOptions, 'body' | 'schema' | 'fileTransfer'>) =>
    send('GET', path, { ...options, fileTransfer: true }, 'blob') as Promise<DownloadedFile>,
  /**
   * A long-lived response read as it arrives (Server-Sent Events), with the same sign-in and
   * refresh-and-retry as every call (EventSource cannot send the Authorization header). No timeout:
   * the caller ends it with `signal`.
   */
  stream: (path: string, { signal, background = false }: { signal: AbortSignal; background?: boolean }) =>
    withTokenRefresh(path, background, async (accessToken) => {
      const headers = new Headers({ Accept: 'text/event-stream' });
      if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
      if (background) headers.set(BACKGROUND_REQUEST_HEADER, '1');
      let response: Response;
      try {
        response = await fetch(buildUrl(path), { headers, credentials: 'same-origin', cache: 'no-store', signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new ApiError({ status: 0, code: CLIENT_ERROR_CODE.network, message: 'The server could not be reached' });
      }
      if (!response.ok || !response.body) throw await toApiError(response);
      return response.body;
    }),
  /** Multipart upload with progress (XMLHttpRequest), the long timeout and the same refresh-and-retry. */
  upload: <S extends z.ZodType | undefined = undefined>(
    path: string,
    formData: FormData,
    options: UploadOptions<S> = {},
  ) => {
    // The retry after a token refresh sends the same files again: the same key makes it one upload.
    const idempotencyKey = newIdempotencyKey();
    return withTokenRefresh(path, false, (accessToken) =>
      transmit(path, formData, options, accessToken, idempotencyKey),
    ) as Promise<Output<S>>;
  },
};
