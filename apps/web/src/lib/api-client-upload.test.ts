import { FILE_TRANSFER_TIMEOUT_MS } from '@ledgerport/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse } from '@/testing/test-utils';
import { ApiError, CLIENT_ERROR_CODE, REFRESH_PATH, api } from './api-client';
import { startSession } from './session';

const resultSchema = z.object({ stored: z.number() });

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Only the transport is fake: it records what the client sent and lets each test decide what the
 * network does (answer, fail, time out), after reporting upload progress in two steps.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static respond: (xhr: FakeXhr) => Answer | 'network-error' | 'timeout' | 'hang' = () => ({ status: 200 });

  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.respond(this);
    if (answer === 'hang') return;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
      if (answer === 'network-error') return this.onerror?.();
      if (answer === 'timeout') return this.ontimeout?.();
      this.status = answer.status;
      this.statusText = String(answer.status);
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      this.responseHeaders = Object.entries({ 'content-type': 'application/json', ...answer.headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      this.onload?.();
    }, 0);
  }
}

function formWithFile() {
  const form = new FormData();
  form.append('ServiceId', '1');
  form.append('Files', new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
  return form;
}

describe('api.upload', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    startSession({ accessToken: 'old', user: buildSessionUser(), permissions: ['my-upload:add'] });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the form with the bearer token and the long timeout, reports progress and validates the answer', async () => {
    FakeXhr.respond = () => ({ status: 201, body: { stored: 1 } });
    const onProgress = vi.fn();
    const form = formWithFile();

    const result = await api.upload('/document/documents/my-upload', form, { schema: resultSchema, onProgress });

    expect(result).toEqual({ stored: 1 });
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/v1/document/documents/my-upload', body: form });
    expect(xhr!.timeout).toBe(FILE_TRANSFER_TIMEOUT_MS);
    expect(xhr!.headers).toMatchObject({ Authorization: 'Bearer old', 'Accept-Language': 'en' });
    // The browser must write the multipart boundary, so no Content-Type is set by hand.
    expect(xhr!.headers).not.toHaveProperty('Content-Type');
    expect(onProgress.mock.calls).toEqual([
      [5, 10],
      [10, 10],
    ]);
  });

  it('parses the error envelope of a refused file', async () => {
    FakeXhr.respond = () => ({
      status: 415,
      body: { error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'Not allowed', requestId: 'req-1' } },
    });

    const error = await api.upload('/document/documents/my-upload', formWithFile()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_FILE_TYPE', requestId: 'req-1' });
  });

  it('refreshes the token after a 401 and sends the file once more', async () => {
    FakeXhr.respond = (xhr) =>
      xhr.headers.Authorization === 'Bearer new'
        ? { status: 201, body: { stored: 1 } }
        : { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'x', requestId: 'r' } } };
    const fetchMock = vi.fn(async () => jsonResponse({ accessToken: 'new', refreshToken: '', permissions: [] }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await api.upload('/document/documents/my-upload', formWithFile(), { schema: resultSchema });

    expect(result).toEqual({ stored: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([`/api/v1${REFRESH_PATH}`, expect.anything()]);
    expect(FakeXhr.sent.map((xhr) => xhr.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('stops sending when the caller aborts and rejects with the abort', async () => {
    FakeXhr.respond = () => 'hang';
    const controller = new AbortController();

    const pending = api.upload('/document/documents/my-upload', formWithFile(), { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
  });

  it.each([
    ['timeout', CLIENT_ERROR_CODE.timeout],
    ['network-error', CLIENT_ERROR_CODE.network],
  ] as const)('reports a %s as an ApiError without a status', async (failure, code) => {
    FakeXhr.respond = () => failure;

    await expect(api.upload('/document/documents/my-upload', formWithFile())).rejects.toMatchObject({
      status: 0,
      code,
    });
  });
});
