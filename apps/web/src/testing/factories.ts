import { CLIENT_TYPE, ROLE_NAME, type MyClientDto, type SessionUser } from '@ledgerport/shared';

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    departmentId: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada',
    emailAddress: 'ada@example.com',
    roles: [ROLE_NAME.advisor],
    isTaxEmployee: false,
    isLeadOnboardingCompleted: true,
    leadIdHash: null,
    ...overrides,
  };
}

export function buildMyClient(overrides: Partial<MyClientDto> = {}): MyClientDto {
  return {
    id: 10,
    name: 'Acme LLC',
    clientType: CLIENT_TYPE.business,
    usedBookkeepingServiceAtLeastOnce: false,
    isOwner: true,
    ...overrides,
  };
}
