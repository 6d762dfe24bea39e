import { z } from 'zod';
import { CLIENT_TYPE, TEXT_LIMIT } from '../common/constants.js';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { passwordSchema } from '../common/password.schema.js';
import { requiredPhoneSchema } from '../common/phone.js';

/**
 * The Clients list screen (spec 02 "Clients list", sections 3-9): list, export, bulk e-mail, create
 * (with an existing or a new owner user), activate/deactivate, delete and the details panel.
 * The Edit client screen has its own contract.
 */

export const CLIENT_VALIDATION = {
  passwordsDoNotMatch: 'PASSWORDS_DO_NOT_MATCH',
  required: 'REQUIRED',
} as const;

export const CLIENT_SORT_KEYS = ['name', 'phoneNumber', 'emailAddress', 'owner', 'advisor'] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

export const CLIENT_LIST_PHONE_MAX_LENGTH = 50;
/** Bulk e-mail bounds: a subject line and a rich-text body. */
export const CLIENT_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const CLIENT_EMAIL_BODY_MAX_LENGTH = 100_000;

const clientTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => value === CLIENT_TYPE.business || value === CLIENT_TYPE.personal, 'UNKNOWN_CLIENT_TYPE')
  .transform((value) => value as 1 | 2);

/** `''` from a cleared search field means "no filter", not "match the empty text". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const filterText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const filterId = z.preprocess(blankToUndefined, idSchema.optional());

export const clientFiltersSchema = z.object({
  fullName: filterText(TEXT_LIMIT.name),
  /** Exact match only (typed with or without the dashes): the value is searched through its blind index. */
  taxpayerIdentificationNumber: filterText(20),
  socialSecurityNumber: filterText(20),
  phoneNumber: filterText(CLIENT_LIST_PHONE_MAX_LENGTH),
  city: filterText(TEXT_LIMIT.name),
  stateId: filterId,
  serviceId: filterId,
  ownerOrCollaboratorUserId: filterId,
  advisorUserId: filterId,
  emailAddress: filterText(TEXT_LIMIT.email),
  /** Absent: active and inactive alike (the screen's "All"). */
  isActive: z.preprocess(blankToUndefined, booleanQuery.optional()),
  /** Absent: both kinds. */
  clientType: z.preprocess(blankToUndefined, clientTypeSchema.optional()),
});
export type ClientFilters = z.infer<typeof clientFiltersSchema>;

export const listClientsQuerySchema = listQuerySchema.extend(clientFiltersSchema.shape);
export type ListClientsQuery = z.infer<typeof listClientsQuerySchema>;

/** The export and the bulk e-mail take the list's filters and sort, without paging. */
export const exportClientsQuerySchema = listQuerySchema
  .pick({ sortedBy: true, sortedDesc: true })
  .extend(clientFiltersSchema.shape);
export type ExportClientsQuery = z.infer<typeof exportClientsQuerySchema>;
/** The spec's sendEmail passes limit/offset too; they are accepted and ignored (every client of the filter gets it). */
export const sendClientEmailQuerySchema = listQuerySchema.partial().extend(clientFiltersSchema.shape);
export type SendClientEmailQuery = z.infer<typeof sendClientEmailQuerySchema>;

const personRefSchema = z.object({ id: z.number().int(), fullName: z.string() });
const serviceChipSchema = z.object({ id: z.number().int(), displayName: z.string(), color: z.string() });

export const clientListItemDtoSchema = z.object({
  id: z.number().int(),
  /** The row version, for If-Match on activate, deactivate and delete (issue 21). */
  version: z.string(),
  clientType: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  owner: personRefSchema,
  advisor: personRefSchema.nullable(),
  services: z.array(serviceChipSchema),
  /** Last four digits only (DESIGN.md section 4); lists never carry the full number. */
  maskedTaxpayerIdentificationNumber: z.string().nullable(),
  maskedSocialSecurityNumber: z.string().nullable(),
});
export type ClientListItemDto = z.infer<typeof clientListItemDtoSchema>;
export const pagedClientsSchema = pagedSchema(clientListItemDtoSchema);

/** `GET document/clients/all`: a bare array, as DESIGN.md section 3 fixes it. */
export const clientSummaryDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clientType: z.number().int(),
  isActive: z.boolean(),
  advisor: personRefSchema.nullable(),
});
export type ClientSummaryDto = z.infer<typeof clientSummaryDtoSchema>;
export const allClientsQuerySchema = z.object({ text: filterText(TEXT_LIMIT.name) });

/** The details side panel: nothing secret in full (SSN/TIN masked, birth date as `**.**.YYYY`). */
export const clientDetailsPanelDtoSchema = z.object({
  id: z.number().int(),
  clientType: z.number().int(),
  name: z.string(),
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tradeName: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  maskedTaxpayerIdentificationNumber: z.string().nullable(),
  maskedSocialSecurityNumber: z.string().nullable(),
  maskedBirthDate: z.string().nullable(),
  maritalStatus: z.number().int().nullable(),
  address: z.object({
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    zipCode: z.string().nullable(),
  }),
  services: z.array(serviceChipSchema),
  owner: personRefSchema,
  advisor: personRefSchema.nullable(),
  collaborators: z.array(
    z.object({
      id: z.number().int(),
      collaboratorUser: z.string(),
      isActive: z.boolean(),
      services: z.array(z.object({ id: z.number().int(), displayName: z.string() })),
    }),
  ),
  spouse: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      maskedSocialSecurityNumber: z.string().nullable(),
      phoneNumber: z.string().nullable(),
    })
    .nullable(),
});
export type ClientDetailsPanelDto = z.infer<typeof clientDetailsPanelDtoSchema>;

const requiredText = (max: number) => z.string().trim().min(1, CLIENT_VALIDATION.required).max(max);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const clientOwnerEmailSchema = z
  .string()
  .trim()
  .min(1, CLIENT_VALIDATION.required)
  .max(TEXT_LIMIT.email)
  .pipe(z.email());

/** A new client-role user created together with the client (spec 02 section 3, "New owner user"). */
export const newOwnerInputSchema = z
  .object({
    /** Business only: a personal client's owner takes the client's own names. */
    firstName: optionalText(TEXT_LIMIT.name),
    lastName: optionalText(TEXT_LIMIT.name),
    emailAddress: clientOwnerEmailSchema,
    phoneNumber: requiredPhoneSchema(CLIENT_VALIDATION.required),
    advisorUserId: z.coerce.number().int().positive().max(2_147_483_647),
    password: passwordSchema,
    confirmPassword: z.string().min(1, CLIENT_VALIDATION.required).max(TEXT_LIMIT.password),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: CLIENT_VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type NewOwnerInput = z.output<typeof newOwnerInputSchema>;

/**
 * `POST document/clients`: business needs name, personal first and last name; an owner is an
 * existing client user (ownerUserId) or a new one (newOwner), exactly one of the two.
 */
export const createClientInputSchema = z
  .object({
    clientType: clientTypeSchema,
    name: optionalText(TEXT_LIMIT.name),
    firstName: optionalText(TEXT_LIMIT.name),
    lastName: optionalText(TEXT_LIMIT.name),
    ownerUserId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
    newOwner: newOwnerInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const required = (path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message: CLIENT_VALIDATION.required, path });
    if (value.clientType === CLIENT_TYPE.business) {
      if (!value.name) required(['name']);
      if (value.newOwner && !value.newOwner.firstName) required(['newOwner', 'firstName']);
      if (value.newOwner && !value.newOwner.lastName) required(['newOwner', 'lastName']);
    } else {
      if (!value.firstName) required(['firstName']);
      if (!value.lastName) required(['lastName']);
    }
    if (!value.newOwner && value.ownerUserId === undefined) required(['ownerUserId']);
  });
export type CreateClientInput = z.output<typeof createClientInputSchema>;

export const createdClientDtoSchema = z.object({
  id: z.number().int(),
  clientType: z.number().int(),
  name: z.string(),
});
export type CreatedClientDto = z.infer<typeof createdClientDtoSchema>;

export const clientUsersQuerySchema = z.object({ text: filterText(TEXT_LIMIT.name) });
export const clientOwnerEmailParamsSchema = z.object({
  emailAddress: z.string().trim().min(1).max(TEXT_LIMIT.email),
});

export const sendClientEmailInputSchema = z.object({
  subject: requiredText(CLIENT_EMAIL_SUBJECT_MAX_LENGTH),
  body: requiredText(CLIENT_EMAIL_BODY_MAX_LENGTH),
});
export type SendClientEmailInput = z.output<typeof sendClientEmailInputSchema>;
export const sendClientEmailResultSchema = z.object({
  queued: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type SendClientEmailResult = z.infer<typeof sendClientEmailResultSchema>;

export const clientDefaultFiltersDtoSchema = z.object({ serviceId: z.number().int().nullable() });
export type ClientDefaultFiltersDto = z.infer<typeof clientDefaultFiltersDtoSchema>;

/** Users and clients page through these in remote dropdowns. */
export const CLIENT_USER_OPTIONS_LIMIT = 20;
