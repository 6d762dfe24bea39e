export const ROLE_NAME = {
  admin: 'admin',
  advisor: 'advisor',
  supervisor: 'supervisor',
  employee: 'employee',
  client: 'client',
} as const;
export type RoleName = (typeof ROLE_NAME)[keyof typeof ROLE_NAME];
export const ROLE_NAMES = Object.values(ROLE_NAME);
/** Static roles cannot be deleted and keep their name (spec 01 section 6). */
export const STATIC_ROLE_NAMES: readonly RoleName[] = [ROLE_NAME.client, ROLE_NAME.advisor, ROLE_NAME.employee];

export const CLIENT_TYPE = { business: 1, personal: 2 } as const;
export type ClientType = (typeof CLIENT_TYPE)[keyof typeof CLIENT_TYPE];

/** Spec 01 section 4.2. */
export const LOGIN_RESULT = {
  success: 1,
  invalidUsernameOrEmail: 2,
  invalidPassword: 3,
  userNotActive: 4,
} as const;
export type LoginResult = (typeof LOGIN_RESULT)[keyof typeof LOGIN_RESULT];

export const RESET_EMAIL_RESULT = { success: 1, invalidEmail: 2, deactivatedUser: 3 } as const;
export const SEND_INVITATION_RESULT = { success: 1, registeredUser: 2, ownerOrCollaborator: 3 } as const;

/** Spec 01 section 4.3. */
export const LEAD_STATUS = {
  newLead: 1,
  contactAttempt: 2,
  purge: 3,
  assigned: 4,
  appointment: 5,
  closed: 6,
  generalInformation: 7,
  intakeQuestions: 8,
  quote: 9,
  contract: 10,
  createAccount: 11,
  billingInfo: 12,
  completed: 13,
} as const;

export const PAGE_SIZE_OPTIONS = [5, 10, 15, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Upper bound on any list page the API serves. */
export const MAX_PAGE_SIZE = 100;
export const NOTIFICATION_DURATION_MS = 4000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const FILE_TRANSFER_TIMEOUT_MS = 600_000;
/** Remote dropdown searches start above this many characters. */
export const REMOTE_SEARCH_MIN_CHARS = 3;

/** Input bounds (every string the API takes is trimmed and bounded). */
export const TEXT_LIMIT = {
  name: 100,
  email: 254,
  password: 128,
  shortText: 256,
  token: 512,
} as const;

/** At least 6 characters with an uppercase letter and a digit; letters, digits and these symbols. */
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)[A-Za-z\d!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?`~]{6,}$/;
export const EXTENSION_PATTERN = /^\d{4}$/;
