import {
  CLIENT_TYPE,
  onboardingStepForStatus,
  REMINDER_CADENCE_DEFAULTS,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  ROLE_NAME,
  type FormationState,
  type MyClientDto,
  type PublicLeadDto,
  type RequestDetails,
  type RequestItem,
  type SessionUser,
} from '@ledgerport/shared';

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

/** A request item waiting on the client, as `GET /document/requests/:id` answers it. */
export function buildRequestItem(overrides: Partial<RequestItem> = {}): RequestItem {
  return {
    id: 1,
    position: 0,
    title: 'W-2 and 1099 forms',
    description: null,
    kind: REQUEST_ITEM_KIND.documents,
    status: REQUEST_ITEM_STATUS.requested,
    tags: [],
    answer: null,
    notApplicable: false,
    notApplicableReason: null,
    returnNote: null,
    submittedAt: null,
    submittedBy: null,
    reviewedAt: null,
    reviewedBy: null,
    documents: [],
    ...overrides,
  };
}

/** An open request with `items`; its counts follow the items' statuses. */
export function buildRequestDetails(items: RequestItem[], overrides: Partial<RequestDetails> = {}): RequestDetails {
  return {
    id: 12,
    client: { id: 4, name: 'Batch1 Group1 LLC' },
    service: { id: 1, displayName: 'Tax' },
    title: 'Year-end tax documents 2026',
    dueDate: '2026-12-10',
    status: REQUEST_STATUS.open,
    isOverdue: false,
    itemCount: items.length,
    acceptedCount: items.filter((candidate) => candidate.status === REQUEST_ITEM_STATUS.accepted).length,
    submittedCount: items.filter((candidate) => candidate.status === REQUEST_ITEM_STATUS.submitted).length,
    createdBy: { id: 1, name: 'Ada Lovelace' },
    createdAt: '2026-11-20T10:00:00.000Z',
    version: '1001',
    description: null,
    templateId: null,
    completedAt: null,
    cancelledAt: null,
    items,
    reminders: {
      enabled: true,
      cadence: null,
      effective: { ...REMINDER_CADENCE_DEFAULTS },
      sentCount: 0,
      lastSentAt: null,
    },
    ...overrides,
  };
}

/** A prospect's lead as the public onboarding routes answer it, at `status`. */
export function buildPublicLead(status: number, overrides: Partial<PublicLeadDto> = {}): PublicLeadDto {
  return {
    idHash: 'x'.repeat(43),
    status,
    version: '7',
    step: onboardingStepForStatus(status),
    generalInfo: {
      legalCompanyName: 'Resume LLC',
      contactFirstName: 'Ria',
      contactLastName: 'Contact',
      contactEmailAddress: 'ria@example.com',
      contactPhoneNumber: '5550100555',
      contactPosition: 1,
      ownerFirstName: null,
      ownerLastName: null,
    },
    intakeAnswers: null,
    servicePlanIds: [],
    contractDate: null,
    ...overrides,
  };
}
