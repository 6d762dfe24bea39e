import { CLIENT_TYPE, ROLE_NAME, type FormationState, type MyClientDto, type SessionUser } from '@ledgerport/shared';

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

/** A state as `GET company/states/all` answers it: a dropdown option plus the formation fields. */
export function buildState(id: number, name: string): FormationState {
  return {
    value: String(id),
    displayText: name,
    id,
    name,
    llcFilingFeeForResidents: null,
    corporationFilingFeeForResidents: null,
    checkBusinessNameAvailabilityUrl: null,
  };
}
