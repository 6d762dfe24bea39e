import { ROLE_NAME } from '@ledgerport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse } from '@/testing/test-utils';
import { earlyRequestsLoader } from './early-requests';

function stubServer() {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => jsonResponse({}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => input).sort();
const load = (loader: ReturnType<typeof earlyRequestsLoader>, path: string) =>
  loader({ request: new Request(`http://localhost${path}`) });

describe('the signed-in area’s early requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the two-factor check and what staff’s Home lists, once, on the first load of Home', () => {
    startSession({
      accessToken: 'tok',
      user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
      permissions: ['received:list', 'reconciliation:list'],
    });
    const fetchMock = stubServer();
    const loader = earlyRequestsLoader();

    load(loader, '/');
    expect(requested(fetchMock)).toEqual([
      '/api/v1/document/documents/counts',
      '/api/v1/document/reconciliation/connections',
      '/api/v1/document/services/all?includeIcons=true',
      '/api/v1/identity/two-factor',
    ]);

    // A later navigation has the code and its queries already.
    load(loader, '/');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('asks only for what the user may see, and only the two-factor check away from Home', () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: ['my-upload:list'] });
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(requested(fetchMock)).toEqual([
      '/api/v1/document/documents/counts',
      '/api/v1/document/services/all?includeIcons=true',
      '/api/v1/identity/two-factor',
    ]);

    // Another page load (a fresh page has no early answers yet).
    dropEarlyRequests();
    fetchMock.mockClear();
    load(earlyRequestsLoader(), '/users');
    expect(requested(fetchMock)).toEqual(['/api/v1/identity/two-factor']);
  });

  it('leaves a client user’s lists to the screen, which needs the account chosen first', () => {
    startSession({
      accessToken: 'tok',
      user: buildSessionUser({ roles: [ROLE_NAME.client] }),
      permissions: ['received:list', 'my-upload:list'],
    });
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(requested(fetchMock)).toEqual(['/api/v1/identity/two-factor']);
  });

  it('sends nothing without a session', () => {
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
