import { z } from 'zod';
import { TEXT_LIMIT } from '../common/constants.js';
import { idSchema } from '../common/list.schema.js';
import { optionalPhoneSchema } from '../common/phone.js';

const idNumber = z.number().int().positive().max(2_147_483_647);
import { MARITAL_STATUS, SSN_PATTERN, TIN_PATTERN, ZIP_PATTERN } from '../common/masks.js';

/**
 * The edit-client form (spec 02 sections 3, 4, 5 and 7): `GET/PUT document/clients/business|personal/{id}`.
 * Every input is text, as the form holds it and as multipart sends it, so one schema serves the form
 * resolver and the API; the output has ids as numbers and empty optional values as null.
 */

/** Stable issue messages; the web app turns them into catalogue texts. */
export const CLIENT_EDIT_VALIDATION = {
  required: 'REQUIRED',
  email: 'EMAIL',
  ssn: 'SSN_FORMAT',
  tin: 'TIN_FORMAT',
  zip: 'ZIP_FORMAT',
  birthDate: 'BIRTH_DATE',
  tooLong: 'TOO_LONG',
  id: 'ID',
} as const;

export const CLIENT_PHONE_MAX_LENGTH = 50;
/** Collaborators one client can have in one save: bounds the multipart index. */
export const MAX_CLIENT_COLLABORATORS = 100;
export const MAX_CLIENT_SERVICES = 100;

const V = CLIENT_EDIT_VALIDATION;
const BIRTH_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const requiredText = (max: number) => z.string().trim().min(1, V.required).max(max, V.tooLong);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.tooLong)
    .transform((value) => (value === '' ? null : value));
const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value), message)
    .transform((value) => (value === '' ? null : value));

const idText = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, V.id)
  .transform(Number)
  .pipe(idNumber);
const requiredId = z.string().trim().min(1, V.required).pipe(idText);
const optionalId = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{1,10}$/.test(value), V.id)
  .transform((value) => (value === '' ? null : Number(value)))
  .pipe(idNumber.nullable());

function isRealDate(value: string): boolean {
  if (!BIRTH_DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
/** `YYYY-MM-DD`, a real calendar date; empty means none. */
const optionalBirthDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isRealDate(value), V.birthDate)
  .transform((value) => (value === '' ? null : value));

const emailText = z
  .string()
  .trim()
  .min(1, V.required)
  .max(TEXT_LIMIT.email, V.tooLong)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, V.email);

/** Multipart sends text: "true"/"True"/"1" and "false"/"0"/"". */
const formFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', ''].includes(value), 'BOOLEAN')
  .transform((value) => value === 'true' || value === '1');

export const clientAddressInputSchema = z.object({
  addressLine1: optionalText(TEXT_LIMIT.shortText),
  addressLine2: optionalText(TEXT_LIMIT.shortText),
  city: optionalText(TEXT_LIMIT.name),
  /** Text, as the form stores it (spec 02 section 3). */
  stateId: optionalId,
  zipCode: optionalPattern(ZIP_PATTERN, V.zip),
});

export const clientCollaboratorInputSchema = z.object({
  collaboratorUserId: requiredId,
  services: z.array(idText).max(MAX_CLIENT_SERVICES),
});

const commonFields = {
  emailAddress: emailText,
  phoneNumber: optionalPhoneSchema,
  advisorUserId: requiredId,
  ownerUserId: requiredId,
  address: clientAddressInputSchema,
  services: z.array(idText).min(1, V.required).max(MAX_CLIENT_SERVICES),
  collaborators: z.array(clientCollaboratorInputSchema).max(MAX_CLIENT_COLLABORATORS),
};

export const editBusinessClientFormSchema = z.object({
  ...commonFields,
  name: requiredText(TEXT_LIMIT.shortText),
  tradeName: optionalText(TEXT_LIMIT.shortText),
  website: optionalText(TEXT_LIMIT.shortText),
  taxpayerIdentificationNumber: optionalPattern(TIN_PATTERN, V.tin),
});
export type EditBusinessClientFormValues = z.input<typeof editBusinessClientFormSchema>;
export type EditBusinessClientForm = z.output<typeof editBusinessClientFormSchema>;

export const spouseInfoInputSchema = z.object({
  firstName: optionalText(TEXT_LIMIT.name),
  lastName: optionalText(TEXT_LIMIT.name),
  socialSecurityNumber: optionalPattern(SSN_PATTERN, V.ssn),
  birthDate: optionalBirthDate,
  phoneNumber: optionalPhoneSchema,
  address: clientAddressInputSchema,
});

const maritalStatusText = z
  .string()
  .trim()
  .refine((value) => ['', String(MARITAL_STATUS.single), String(MARITAL_STATUS.married)].includes(value), 'MARITAL')
  .transform((value) =>
    value === '' ? null : (Number(value) as (typeof MARITAL_STATUS)[keyof typeof MARITAL_STATUS]),
  );

export const editPersonalClientFormSchema = z
  .object({
    ...commonFields,
    firstName: requiredText(TEXT_LIMIT.name),
    lastName: requiredText(TEXT_LIMIT.name),
    socialSecurityNumber: optionalPattern(SSN_PATTERN, V.ssn),
    birthDate: optionalBirthDate,
    maritalStatus: maritalStatusText,
    spouseInfo: spouseInfoInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.maritalStatus !== MARITAL_STATUS.married) return;
    // Spec 02 section 5: a married client's spouse needs a first and a last name.
    for (const field of ['firstName', 'lastName'] as const) {
      if (!value.spouseInfo?.[field])
        ctx.addIssue({ code: 'custom', path: ['spouseInfo', field], message: V.required });
    }
  })
  // The spouse section is dropped when the client is not married.
  .transform(({ spouseInfo, ...rest }) => ({
    ...rest,
    spouseInfo: rest.maritalStatus === MARITAL_STATUS.married && spouseInfo ? spouseInfo : null,
  }));
export type EditPersonalClientFormValues = z.input<typeof editPersonalClientFormSchema>;
export type EditPersonalClientForm = z.output<typeof editPersonalClientFormSchema>;

/** Multipart-only fields around the form: the id (must match the path) and the picture flag. */
const multipartExtras = {
  id: optionalId.optional(),
  isProfilePictureChanged: formFlag.optional().default(false),
};
export const editBusinessClientInputSchema = editBusinessClientFormSchema.extend(multipartExtras);
export type EditBusinessClientInput = z.output<typeof editBusinessClientInputSchema>;
export const editPersonalClientInputSchema = z.object(multipartExtras).and(editPersonalClientFormSchema);
export type EditPersonalClientInput = z.output<typeof editPersonalClientInputSchema>;

// ---- Answer ----

const addressDtoSchema = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  stateId: z.string().nullable(),
  zipCode: z.string().nullable(),
});
export type ClientAddressDto = z.infer<typeof addressDtoSchema>;

export const clientEditDtoSchema = z.object({
  id: z.number().int(),
  /** The row version: send it back as If-Match on the save (issue 21). */
  version: z.string(),
  clientType: z.number().int(),
  isActive: z.boolean(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  tradeName: z.string().nullable(),
  website: z.string().nullable(),
  /** Full values: this answer is for holders of client:edit only, and each read is audited. */
  taxpayerIdentificationNumber: z.string().nullable(),
  socialSecurityNumber: z.string().nullable(),
  birthDate: z.string().nullable(),
  maritalStatus: z.number().int().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  advisorUserId: z.number().int().nullable(),
  ownerUserId: z.number().int(),
  ownerUser: z.string(),
  hasProfilePicture: z.boolean(),
  address: addressDtoSchema,
  services: z.array(z.number().int()),
  collaborators: z.array(
    z.object({
      collaboratorUserId: z.number().int(),
      collaboratorUser: z.string(),
      isActive: z.boolean(),
      services: z.array(z.number().int()),
    }),
  ),
  spouseInfo: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      socialSecurityNumber: z.string().nullable(),
      birthDate: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      address: addressDtoSchema,
    })
    .nullable(),
});
export type ClientEditDto = z.infer<typeof clientEditDtoSchema>;

export const clientTypeIdParamsSchema = z.object({ id: idSchema });
