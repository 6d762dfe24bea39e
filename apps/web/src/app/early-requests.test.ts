import { BACKGROUND_REQUEST_HEADER, ROLE_NAME } from '@ledgerport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyRequests } from '@/lib/api-client';
import { setCurrentClient, startSession } from '@/lib/session';
import { buildMyClient, buildSessionUser } from '@/testing/factories';
import { jsonResponse } from '@/testing/test-utils';
import { earlyRequestsLoader } from './early-requests';

function stubServer() {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit) => jsonResponse({}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([input]) => input).sort();
/** What the frame shows on every screen: the user menu's profile and the bell's count. */
const FRAME = ['/api/v1/identity/users/me', '/api/v1/identity/users/me/notifications?limit=1&offset=0&unread=true'];
const UNREAD_CONVERSATIONS = '/api/v1/document/conversations?limit=1&offset=0';
const withFrame = (...paths: string[]) => [...paths, ...FRAME].sort();
const load = (loader: ReturnType<typeof earlyRequestsLoader>, path: string) =>
  loader({ request: new Request(`http://localhost${path}`) });

describe('the signed-in area’s early requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the two-factor check, the frame’s and what staff’s Home lists, once, on the first load of Home', () => {
    startSession({
      accessToken: 'tok',
      user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
      permissions: ['received:list', 'reconciliation:list', 'message:list'],
    });
    const fetchMock = stubServer();
    const loader = earlyRequestsLoader();

    load(loader, '/');
    expect(requested(fetchMock)).toEqual(
      withFrame(
        UNREAD_CONVERSATIONS,
        '/api/v1/document/documents/counts',
        '/api/v1/document/reconciliation/connections',
        '/api/v1/document/services/all?includeIcons=true',
        '/api/v1/identity/two-factor',
      ),
    );
    // The counts are read by no person's action, so they do not keep an idle session alive.
    const background = fetchMock.mock.calls
      .filter(([, init]) => new Headers(init.headers).has(BACKGROUND_REQUEST_HEADER))
      .map(([input]) => input)
      .sort();
    expect(background).toEqual([UNREAD_CONVERSATIONS, FRAME[1]]);

    // A later navigation has the code and its queries already.
    load(loader, '/');
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('asks only for what the user may see, and away from Home only the two-factor check and the frame’s', () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: ['my-upload:list'] });
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(requested(fetchMock)).toEqual(
      withFrame(
        '/api/v1/document/documents/counts',
        '/api/v1/document/services/all?includeIcons=true',
        '/api/v1/identity/two-factor',
      ),
    );

    // Another page load (a fresh page has no early answers yet).
    dropEarlyRequests();
    fetchMock.mockClear();
    load(earlyRequestsLoader(), '/users');
    expect(requested(fetchMock)).toEqual(withFrame('/api/v1/identity/two-factor'));
  });

  it('leaves a client user’s lists to the screen, which needs the account chosen first', () => {
    startSession({
      accessToken: 'tok',
      user: buildSessionUser({ roles: [ROLE_NAME.client] }),
      permissions: ['received:list', 'my-upload:list', 'message:list'],
    });
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(requested(fetchMock)).toEqual(withFrame('/api/v1/identity/two-factor'));

    // With an account chosen, its unread conversations too.
    dropEarlyRequests();
    fetchMock.mockClear();
    setCurrentClient(buildMyClient());
    load(earlyRequestsLoader(), '/');
    expect(requested(fetchMock)).toEqual(withFrame(UNREAD_CONVERSATIONS, '/api/v1/identity/two-factor'));
  });

  it('sends nothing without a session', () => {
    const fetchMock = stubServer();
    load(earlyRequestsLoader(), '/');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
