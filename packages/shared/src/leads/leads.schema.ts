import { z } from 'zod';
import { LEAD_STATUS, TEXT_LIMIT } from '../common/constants.js';
import { idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { servicePlanDtoSchema } from '../onboarding/onboarding.schema.js';

/**
 * Contract: leads list, details, export and delete (spec 02 "Leads list", "Lead details", Lead entity)
 * and the lead onboarding after sign-in (spec 01 section 4.4).
 *
 * Staff routes (base `/api/v1`):
 * - `GET    document/leads`                  lead:list   (ListLeadsQuery) → PagedLeads
 * - `GET    document/leads/statuses/all`     lead:list   → LeadStatusDto[] (all 13, in id order)
 * - `GET    document/leads/{id}/details`     lead:view   → LeadDetailsDto (bank numbers masked; audit leadViewed)
 * - `DELETE document/leads?ids=1&ids=2`      lead:delete → 204 (soft delete; any unknown id → 404, nothing deleted)
 * - `GET    document/leads/export`           lead:export (ListLeadsQuery filters and sort) → .xlsx stream
 * - `GET    document/leads/{id}/contract/preview`             lead:view → contract PDF inline (generated)
 * - `GET    document/leads/{id}/contract/download`            lead:view → the same as attachment
 * - `GET    document/leads/{id}/attachments/{kind}/preview`   lead:view → the file inline (PDF/images) else attachment
 * - `GET    document/leads/{id}/attachments/{kind}/download`  lead:view → the file as attachment
 *   (`kind` ∈ LEAD_ATTACHMENT_KINDS; no file → 404; audit leadFileDownloaded)
 *
 * Lead onboarding after sign-in (any signed-in user; a user without a linked lead gets 404):
 * - `GET document/leads/me`               → MyLeadDto (status of my linked lead)
 * - `PUT document/leads/me/billing-info`  (LeadBillingInfoInput) → 204; status create account → billing info
 * - `PUT document/leads/me/documents`     multipart → 204; status billing info → completed and
 *   `isLeadOnboardingCompleted = true`. Fields (case-insensitive): TaxReturnAttachment,
 *   EmployerIdentificationNumberAttachment, ArticleOfIncorporationAttachment (files), and
 *   UploadTaxReturnLater, UploadEmployerIdentificationNumberLater, UploadArticleOfIncorporationLater
 *   ("true"/"false"). Each file required unless its later flag is true; a file with the flag true → 400.
 *   Limits: DOCUMENT_LIMITS.maxFileBytes per file (413), content-sniffed types in LEAD_ATTACHMENT_TYPES (415).
 * The sign-in response's user carries `leadIdHash` and `isLeadOnboardingCompleted` (spec 01 session user).
 */

export const LEAD_STATUS_DISPLAY: Record<number, string> = {
  [LEAD_STATUS.newLead]: 'New lead',
  [LEAD_STATUS.contactAttempt]: 'Contact attempt',
  [LEAD_STATUS.purge]: 'Purge',
  [LEAD_STATUS.assigned]: 'Assigned',
  [LEAD_STATUS.appointment]: 'Appointment',
  [LEAD_STATUS.closed]: 'Closed',
  [LEAD_STATUS.generalInformation]: 'General information',
  [LEAD_STATUS.intakeQuestions]: 'Intake questions',
  [LEAD_STATUS.quote]: 'Quote',
  [LEAD_STATUS.contract]: 'Contract',
  [LEAD_STATUS.createAccount]: 'Create account',
  [LEAD_STATUS.billingInfo]: 'Billing info',
  [LEAD_STATUS.completed]: 'Completed',
};

/** Spec 02 Lead details: the copyable complete-onboarding link shows only in these statuses. */
export const LEAD_STATUSES_WITH_ONBOARDING_LINK: readonly number[] = [
  LEAD_STATUS.generalInformation,
  LEAD_STATUS.intakeQuestions,
  LEAD_STATUS.quote,
  LEAD_STATUS.contract,
];

export const LEAD_ATTACHMENT_KIND = {
  taxReturn: 'tax-return',
  employerIdentificationNumber: 'employer-identification-number',
  articleOfIncorporation: 'article-of-incorporation',
} as const;
export type LeadAttachmentKind = (typeof LEAD_ATTACHMENT_KIND)[keyof typeof LEAD_ATTACHMENT_KIND];
export const LEAD_ATTACHMENT_KINDS = Object.values(LEAD_ATTACHMENT_KIND) as [
  LeadAttachmentKind,
  ...LeadAttachmentKind[],
];

/** Multipart field names of `PUT document/leads/me/documents` (matched case-insensitively). */
export const LEAD_DOCUMENT_FIELDS = {
  taxReturn: { file: 'TaxReturnAttachment', later: 'UploadTaxReturnLater' },
  employerIdentificationNumber: {
    file: 'EmployerIdentificationNumberAttachment',
    later: 'UploadEmployerIdentificationNumberLater',
  },
  articleOfIncorporation: { file: 'ArticleOfIncorporationAttachment', later: 'UploadArticleOfIncorporationLater' },
} as const;

/** Content-sniffed types the three lead documents may have. */
export const LEAD_ATTACHMENT_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];

/** Spec 01 §5 billing info: routing number nine digits. */
export const ROUTING_NUMBER_PATTERN = /^\d{9}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/;

export const leadStatusDtoSchema = z.object({ id: z.number().int(), displayName: z.string() });
export type LeadStatusDto = z.infer<typeof leadStatusDtoSchema>;

export const LEAD_SORT_KEYS = [
  'legalCompanyName',
  'contactFullName',
  'contactEmailAddress',
  'contactPhoneNumber',
  'status',
  'creationTime',
] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const filterText = (max: number = TEXT_LIMIT.name) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** Dates in the query as M-D-YYYY (as the documents lists). */
const LEAD_QUERY_DATE = /^(1[0-2]|0?[1-9])-(3[01]|[12]\d|0?[1-9])-\d{4}$/;
const queryDate = z.preprocess(blankToUndefined, z.string().trim().regex(LEAD_QUERY_DATE).optional());

/**
 * Filters: contains-ignore-case on company name, contact name, e-mail, phone; exact status;
 * creation date range (inclusive days, UTC). Default sort: creationTime descending.
 */
export const listLeadsQuerySchema = listQuerySchema.extend({
  legalCompanyName: filterText(TEXT_LIMIT.shortText),
  contactFullName: filterText(),
  contactEmailAddress: filterText(TEXT_LIMIT.email),
  contactPhoneNumber: filterText(),
  statusId: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(13).optional()),
  creationTimeFrom: queryDate,
  creationTimeTo: queryDate,
});
export type ListLeadsQuery = z.infer<typeof listLeadsQuerySchema>;

const idAndName = z.object({ id: z.number().int(), displayName: z.string() });

export const leadListItemDtoSchema = z.object({
  id: z.number().int(),
  /** The row version, sent beside the id when deleting from the list (issue 21). */
  version: z.string(),
  idHash: z.string(),
  legalCompanyName: z.string(),
  creationTime: z.string(),
  status: leadStatusDtoSchema,
  contactFullName: z.string(),
  contactEmailAddress: z.string(),
  contactPhoneNumber: z.string(),
  contactPosition: idAndName,
});
export type LeadListItemDto = z.infer<typeof leadListItemDtoSchema>;
export const pagedLeadsSchema = pagedSchema(leadListItemDtoSchema);
export type PagedLeads = z.infer<typeof pagedLeadsSchema>;

export const leadIdsQuerySchema = z
  .object({
    ids: z.preprocess(
      (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
      z.array(idSchema).min(1).max(100),
    ),
    /** Optional, one per id in the same order: the versions the list showed (a stale one: 412, nothing deleted). */
    versions: z.preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(z.string().max(20)).max(100).optional(),
    ),
  })
  .refine((query) => query.versions === undefined || query.versions.length === query.ids.length, {
    message: 'One version per id, in the same order.',
    path: ['versions'],
  });

const fileRef = z.object({ fileName: z.string() }).nullable();
const nameOnly = z.object({ name: z.string() }).nullable();

/** Spec 02 Lead entity, every field. Unanswered values are null. Bank numbers masked (`*****6789`). */
export const leadDetailsDtoSchema = z.object({
  id: z.number().int(),
  idHash: z.string(),
  legalCompanyName: z.string(),
  creationTime: z.string(),
  status: leadStatusDtoSchema,
  contactFirstName: z.string(),
  contactLastName: z.string(),
  contactFullName: z.string(),
  contactEmailAddress: z.string(),
  contactPhoneNumber: z.string(),
  contactPosition: idAndName,
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  industry: nameOnly,
  otherIndustryName: z.string().nullable(),
  annualSalesRange: nameOnly,
  employeeCountRange: nameOnly,
  services: z.array(z.object({ id: z.number().int(), name: z.string(), displayName: z.string() })),
  hasAnyReadyFinancialReport: z.boolean().nullable(),
  yearToGetTaxService: z.number().int().nullable(),
  currentlyDoingBookkeeping: z.boolean().nullable(),
  yearToGetBookkeepingService: z.number().int().nullable(),
  accountingSoftwareTool: nameOnly,
  currentlyGettingPayrollService: z.boolean().nullable(),
  acquisitionChannel: nameOnly,
  servicePlans: z.array(servicePlanDtoSchema),
  /** MM/DD/YYYY */
  contractDate: z.string().nullable(),
  contract: fileRef,
  /** Masked `**-***6789`. */
  companyEmployerIdentificationNumber: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  companyPhoneNumber: z.string().nullable(),
  companyAddress: z.string().nullable(),
  linkedUser: z.object({ emailAddress: z.string() }).nullable(),
  companyBankName: z.string().nullable(),
  /** Masked `*****6789`. */
  companyBankRoutingNumber: z.string().nullable(),
  /** Masked `****6789`. */
  companyBankAccountingNumber: z.string().nullable(),
  taxReturnAttachment: fileRef,
  employerIdentificationNumberAttachment: fileRef,
  articleOfIncorporationAttachment: fileRef,
});
export type LeadDetailsDto = z.infer<typeof leadDetailsDtoSchema>;

/** `GET document/leads/me`. */
export const myLeadDtoSchema = z.object({
  idHash: z.string(),
  status: leadStatusDtoSchema,
  isLeadOnboardingCompleted: z.boolean(),
  /** Masked, once given (the dialog never gets the numbers back). */
  companyBankName: z.string().nullable(),
  companyBankRoutingNumber: z.string().nullable(),
  companyBankAccountingNumber: z.string().nullable(),
  /** The lead's version (also the ETag): sent back as If-Match with the billing info and documents. */
  version: z.string(),
});
export type MyLeadDto = z.infer<typeof myLeadDtoSchema>;

/** `PUT document/leads/me/billing-info` (spec 01 §5 billing info). */
export const leadBillingInfoInputSchema = z.object({
  companyBankName: z.string().trim().min(1).max(TEXT_LIMIT.name),
  companyBankRoutingNumber: z.string().trim().regex(ROUTING_NUMBER_PATTERN, { message: 'Enter nine digits.' }),
  companyBankAccountingNumber: z.string().trim().regex(ACCOUNT_NUMBER_PATTERN, { message: 'Enter digits only.' }),
});
export type LeadBillingInfoInput = z.infer<typeof leadBillingInfoInputSchema>;

/** `*****6789` (routing and account numbers in lists and panels: the last four only). */
export function maskBankNumber(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}
