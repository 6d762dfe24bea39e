import { z } from 'zod';
import { passwordSchema } from '../common/password.schema.js';
import { requiredPhoneSchema } from '../common/phone.js';
import { EXTENSION_PATTERN, ROLE_NAME, TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';

/**
 * The Users administration screen (spec 01 sections 2.13, 3, 4.7, 5, 7): list, export, create, edit,
 * activate/deactivate, reset password, availability checks and the advisor/supervisor dropdowns.
 */

/** Stable messages of the rules zod cannot name by itself; the web app maps them to its own words. */
export const USER_VALIDATION = {
  passwordsDoNotMatch: 'PASSWORDS_DO_NOT_MATCH',
  required: 'REQUIRED',
  notAllowedForRole: 'NOT_ALLOWED_FOR_ROLE',
  noSpaces: 'NO_SPACES',
} as const;

export const USER_SORT_KEYS = [
  'fullName',
  'emailAddress',
  'username',
  'inviter',
  'phoneNumber',
  'roles',
  'advisor',
  'isActive',
] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** Every query parameter of the list and the export, for matching the keys clients send in any case. */
export const USER_LIST_QUERY_KEYS = [
  'limit',
  'offset',
  'sortedBy',
  'sortedDesc',
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'roleId',
  'advisorId',
  'departmentId',
  'isActive',
  'invitedByMe',
] as const;

/** `''` from a cleared search field means "no filter", not "match the empty text". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const filterText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const filterId = z.preprocess(blankToUndefined, idSchema.optional());
const filterBoolean = z.preprocess(blankToUndefined, booleanQuery.optional());

export const PHONE_NUMBER_MAX_LENGTH = 50;

export const userFiltersSchema = z.object({
  firstName: filterText(TEXT_LIMIT.name),
  lastName: filterText(TEXT_LIMIT.name),
  emailAddress: filterText(TEXT_LIMIT.email),
  phoneNumber: filterText(PHONE_NUMBER_MAX_LENGTH),
  /** Name or e-mail address contains the text: the remote user pickers (invitations' sender). */
  search: filterText(TEXT_LIMIT.email),
  roleId: filterId,
  advisorId: filterId,
  departmentId: filterId,
  /** Absent: active and inactive users alike (the screen's "All"). */
  isActive: filterBoolean,
  /** Only the users the caller invited (the advisor's "Invited by me" switch). */
  invitedByMe: filterBoolean,
});
export const listUsersQuerySchema = listQuerySchema.extend(userFiltersSchema.shape);
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** The export takes the list's filters and sort, without paging. */
export const exportUsersQuerySchema = listQuerySchema
  .pick({ sortedBy: true, sortedDesc: true })
  .extend(userFiltersSchema.shape);
export type ExportUsersQuery = z.infer<typeof exportUsersQuerySchema>;

const personRefSchema = z.object({ id: z.number().int(), fullName: z.string() });
export const userRoleDtoSchema = z.object({ id: z.number().int(), name: z.string(), displayName: z.string() });

/** `GET identity/users` item, as the API's existing clients read it (DESIGN.md section 3). */
export const userListItemDtoSchema = z.object({
  id: z.number().int(),
  /** The row version: If-Match on the edit, activate and deactivate (issue 21). */
  version: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  emailAddress: z.string(),
  username: z.string(),
  phoneNumber: z.string().nullable(),
  extension: z.string().nullable(),
  isActive: z.boolean(),
  roles: z.array(userRoleDtoSchema),
  /** Two-factor sign-in is on (enrolment confirmed): the row offers resetting it. */
  twoFactorEnabled: z.boolean(),
  inviter: personRefSchema.nullable(),
  advisor: personRefSchema.nullable(),
  department: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  supervisor: personRefSchema.nullable(),
});
export type UserListItemDto = z.infer<typeof userListItemDtoSchema>;
export const pagedUsersSchema = pagedSchema(userListItemDtoSchema);

/** `GET identity/users/{id}`: the list item plus the ids the edit form starts from. */
export const userDetailsDtoSchema = userListItemDtoSchema.extend({
  roleId: z.number().int().nullable(),
  advisorUserId: z.number().int().nullable(),
  supervisorUserId: z.number().int().nullable(),
  departmentId: z.number().int().nullable(),
});
export type UserDetailsDto = z.infer<typeof userDetailsDtoSchema>;

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const noSpaces = (schema: z.ZodString) => schema.regex(/^\S+$/, USER_VALIDATION.noSpaces);
/** Trimmed; an empty value means "none". */
const emptyToNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
};
const optionalId = z.preprocess(emptyToNull, idSchema.nullable());

export const userEmailSchema = z.string().trim().min(1).max(TEXT_LIMIT.email).pipe(z.email());
export const userPasswordSchema = passwordSchema;

const userFields = {
  firstName: requiredText(TEXT_LIMIT.name),
  lastName: requiredText(TEXT_LIMIT.name),
  emailAddress: userEmailSchema,
  phoneNumber: requiredPhoneSchema(),
  extension: z.preprocess(emptyToNull, z.string().regex(EXTENSION_PATTERN).nullable()),
  /** The one role chosen (spec 01 section 3). */
  roleId: z.preprocess(emptyToNull, idSchema),
  /**
   * The same choice as a one-item list, as the API's existing clients send it: `[3]` or `[{ id: 3 }]`.
   * Either this or roleId; the API reads roleId first.
   */
  roles: z
    .array(z.union([idSchema, z.object({ id: idSchema })]))
    .max(1)
    .optional(),
  advisorUserId: optionalId,
  supervisorUserId: optionalId,
  departmentId: optionalId,
};

/** Lets `roles: [3]` stand in for `roleId: 3`; the form always sends roleId. */
function withRoleFromList(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = value as Record<string, unknown>;
  if (body.roleId !== undefined && body.roleId !== null && body.roleId !== '') return value;
  const [first] = Array.isArray(body.roles) ? (body.roles as unknown[]) : [];
  const roleId = typeof first === 'object' && first !== null ? (first as { id?: unknown }).id : first;
  return roleId === undefined ? value : { ...body, roleId };
}

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const passwordsMatchIssue = {
  message: USER_VALIDATION.passwordsDoNotMatch,
  path: ['confirmPassword'],
  // Checked as soon as both passwords are there, even while other fields are still wrong.
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
  },
};

/** The create form: username is derived from the e-mail; a password is set now. */
export const createUserFormSchema = z
  .object({
    ...userFields,
    password: userPasswordSchema,
    confirmPassword: z.string().min(1).max(TEXT_LIMIT.password),
  })
  .refine(passwordsMatch, passwordsMatchIssue);
export type CreateUserInput = z.output<typeof createUserFormSchema>;

/** The edit form: the username becomes editable; passwords are changed with the reset action. */
export const updateUserFormSchema = z.object({
  ...userFields,
  username: noSpaces(requiredText(TEXT_LIMIT.name)),
});
export type UpdateUserInput = z.output<typeof updateUserFormSchema>;

/** Request bodies: the form schemas, also accepting the roles list for roleId. */
export const createUserInputSchema = z.preprocess(withRoleFromList, createUserFormSchema);
export const updateUserInputSchema = z.preprocess(withRoleFromList, updateUserFormSchema);

export const resetUserPasswordInputSchema = z
  .object({ password: userPasswordSchema, confirmPassword: z.string().min(1).max(TEXT_LIMIT.password) })
  .refine(passwordsMatch, passwordsMatchIssue);
export type ResetUserPasswordInput = z.output<typeof resetUserPasswordInputSchema>;

export const emailAvailabilityParamsSchema = z.object({ emailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email) });
export const usernameAvailabilityParamsSchema = z.object({ username: z.string().trim().min(1).max(TEXT_LIMIT.name) });

/** Which of the role-dependent fields a role uses (spec 01 sections 1, 4.7 and 5). */
export interface UserRoleFields {
  advisor: boolean;
  supervisor: boolean;
  department: boolean;
  extension: boolean;
}

export function userRoleFields(roleName: string | null | undefined): UserRoleFields {
  return {
    advisor: roleName === ROLE_NAME.client,
    supervisor: roleName === ROLE_NAME.advisor,
    department: roleName === ROLE_NAME.employee,
    // Clients have no desk phone; every staff role (and no role chosen yet) may have one.
    extension: roleName !== ROLE_NAME.client,
  };
}

export interface UserRoleRuleIssue {
  field: 'advisorUserId' | 'supervisorUserId' | 'departmentId' | 'extension';
  message: (typeof USER_VALIDATION)['required' | 'notAllowedForRole'];
}

/**
 * The rules that depend on the chosen role, shared by the API (which knows the role's name after
 * loading it) and the form (which knows it from the role choices): a client needs an advisor, an
 * employee a department; a field the role does not use must be empty.
 */
export function userRoleRuleIssues(
  roleName: string | null | undefined,
  values: {
    advisorUserId: number | null;
    supervisorUserId: number | null;
    departmentId: number | null;
    extension: string | null;
  },
): UserRoleRuleIssue[] {
  const fields = userRoleFields(roleName);
  const issues: UserRoleRuleIssue[] = [];
  const check = (field: UserRoleRuleIssue['field'], applies: boolean, required: boolean, present: boolean) => {
    if (!applies && present) issues.push({ field, message: USER_VALIDATION.notAllowedForRole });
    else if (applies && required && !present) issues.push({ field, message: USER_VALIDATION.required });
  };
  check('advisorUserId', fields.advisor, true, values.advisorUserId !== null);
  check('supervisorUserId', fields.supervisor, false, values.supervisorUserId !== null);
  check('departmentId', fields.department, true, values.departmentId !== null);
  check('extension', fields.extension, false, values.extension !== null);
  return issues;
}
