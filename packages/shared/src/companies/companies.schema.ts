import { z } from 'zod';
import { discountTypeSchema } from '../coupons/coupons.schema.js';
import { idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { paymentStatusDtoSchema } from '../payments/payments.schema.js';

/** Contract: Companies list and details for staff (spec 03 "Companies list", "Company details", "Company"). */

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** Columns are unsortable (spec 03): only paging; newest first. */
export const listCompaniesQuerySchema = listQuerySchema.pick({ limit: true, offset: true });
export type ListCompaniesQuery = z.infer<typeof listCompaniesQuerySchema>;

export const companyListItemSchema = z.object({
  id: z.number().int(),
  legalName: z.string(),
  businessEntityType: namedSchema,
  contactFullName: z.string(),
  contactEmailAddress: z.string(),
  contactPhoneNumber: z.string(),
  isResident: z.boolean(),
  /** Null only for a company whose payment was never created. */
  registrationPaymentStatus: paymentStatusDtoSchema.nullable(),
  creationTime: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

export const pagedCompaniesSchema = pagedSchema(companyListItemSchema);
export type PagedCompanies = z.infer<typeof pagedCompaniesSchema>;

export const companyRegisteredAgentSchema = z.object({
  registeredAgentType: namedSchema,
  companyName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  middleName: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  /** Shown as the jurisdiction. */
  county: namedSchema.nullable(),
  zipCode: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string(),
});
export type CompanyRegisteredAgent = z.infer<typeof companyRegisteredAgentSchema>;

export const companyBusinessAddressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  zipCode: z.string(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type CompanyBusinessAddress = z.infer<typeof companyBusinessAddressSchema>;

export const companyOrganizerSchema = z.object({
  id: z.number().int(),
  titles: z.array(namedSchema),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string().nullable(),
  /** Whole-number percent. */
  shareOwnership: z.number().int(),
  /** Corporation only; null otherwise. */
  isDirector: z.boolean().nullable(),
  /** Non-resident organizers; downloaded through `.../organizers/{organizerId}/passport`. */
  mainPageOfPassport: z.object({ fileName: z.string() }).nullable(),
});
export type CompanyOrganizer = z.infer<typeof companyOrganizerSchema>;

/** Money in dollars, as the order summary shows it. */
export const companyRegistrationPaymentSchema = z.object({
  paymentStatus: paymentStatusDtoSchema,
  stateFilingFee: z.number(),
  processingFee: z.number(),
  serviceFee: z.number(),
  coupon: z.object({ code: z.string(), discountType: discountTypeSchema, discountValue: z.number() }).nullable(),
  /** What the coupon took off the service fee, as charged (beyond the spec: the summary shows the line). */
  discountAmount: z.number(),
  totalAmount: z.number(),
});
export type CompanyRegistrationPayment = z.infer<typeof companyRegistrationPaymentSchema>;

export const companyDetailsSchema = z.object({
  id: z.number().int(),
  legalName: z.string(),
  doingBusinessAs: z.string().nullable(),
  businessEntityType: namedSchema,
  state: namedSchema,
  isResident: z.boolean(),
  industry: z.object({ name: z.string() }).nullable(),
  otherIndustryName: z.string().nullable(),
  creationTime: z.string(),
  contactFirstName: z.string(),
  contactLastName: z.string(),
  contactFullName: z.string(),
  contactEmailAddress: z.string(),
  contactPhoneNumber: z.string(),
  contactFax: z.string().nullable(),
  managementStructure: namedSchema.nullable(),
  /** Always masked `***-**-1234`: no permission edits a company (DESIGN.md section 4). */
  socialSecurityNumber: z.string().nullable(),
  socialSecurityFirstName: z.string().nullable(),
  socialSecurityLastName: z.string().nullable(),
  registeredAgent: companyRegisteredAgentSchema.nullable(),
  /** Null when the predefined (resident or non-resident) address applies. */
  businessAddress: companyBusinessAddressSchema.nullable(),
  organizers: z.array(companyOrganizerSchema),
  registrationPayment: companyRegistrationPaymentSchema.nullable(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const companyOrganizerParamsSchema = z.object({ id: idSchema, organizerId: idSchema });
