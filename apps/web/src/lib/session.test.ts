import { afterEach, describe, expect, it } from 'vitest';
import { buildMyClient } from '@/testing/factories';
import { clearSession, getSession, setCurrentClient, startSession } from './session';

const USER = {
  id: 7,
  departmentId: null,
  firstName: 'Ada',
  lastName: 'Owner',
  username: 'ada',
  emailAddress: 'ada@example.com',
  roles: ['client'],
  isTaxEmployee: false,
  isLeadOnboardingCompleted: true,
} as unknown as Parameters<typeof startSession>[0]['user'];

describe('session', () => {
  afterEach(() => clearSession('logout'));

  it('starts a new sign-in without the account an earlier session chose in this browser', () => {
    startSession({ accessToken: 'first', user: USER, permissions: [] });
    setCurrentClient(buildMyClient({ id: 3, name: 'Acme LLC' }));
    expect(getSession().currentClient?.id).toBe(3);

    startSession({ accessToken: 'second', user: USER, permissions: [] });
    expect(getSession().currentClient).toBeNull();
    expect(getSession().accessToken).toBe('second');
  });
});
