import { CLIENT_TYPE, ROLE_NAME } from '@ledgerport/shared';
import { describe, expect, it } from 'vitest';
import { buildMyClient, buildSessionUser } from '@/testing/factories';
import { isAllowed, type AccessContext } from './authorization';

const contractors = { permission: 'contractor:list', clientRule: 'businessClient' } as const;
const reconciliations = { permission: 'reconciliation:list', clientRule: 'bookkeepingClient' } as const;

function clientContext(client: AccessContext['currentClient']): AccessContext {
  return {
    permissions: ['contractor', 'reconciliation'],
    user: buildSessionUser({ roles: [ROLE_NAME.client] }),
    currentClient: client,
  };
}

describe('isAllowed', () => {
  it('lets staff in on the permission alone', () => {
    const staff: AccessContext = {
      permissions: ['contractor', 'reconciliation'],
      user: buildSessionUser(),
      currentClient: null,
    };
    expect(isAllowed(staff, contractors)).toBe(true);
    expect(isAllowed(staff, reconciliations)).toBe(true);
    expect(isAllowed({ ...staff, permissions: [] }, contractors)).toBe(false);
  });

  it('opens 1099 Form to a client only for a business account', () => {
    expect(isAllowed(clientContext(buildMyClient()), contractors)).toBe(true);
    expect(isAllowed(clientContext(buildMyClient({ clientType: CLIENT_TYPE.personal })), contractors)).toBe(false);
    expect(isAllowed(clientContext(null), contractors)).toBe(false);
  });

  it('opens reconciliation to a client only once the business used bookkeeping', () => {
    expect(isAllowed(clientContext(buildMyClient()), reconciliations)).toBe(false);
    expect(isAllowed(clientContext(buildMyClient({ usedBookkeepingServiceAtLeastOnce: true })), reconciliations)).toBe(
      true,
    );
  });

  it('denies a route without a permission', () => {
    expect(isAllowed(clientContext(buildMyClient()), {})).toBe(false);
  });
});
