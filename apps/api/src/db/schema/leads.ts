import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { storedFiles } from './documents.js';
import { users } from './identity.js';

/** Lookups of the onboarding wizard (spec 03 "Lookups"); ids and texts are seed data. */
const lookup = (name: string) =>
  pgTable(name, {
    id: integer().primaryKey(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
  });

export const leadIndustries = lookup('lead_industries');
export const leadAnnualSalesRanges = lookup('lead_annual_sales_ranges');
export const leadEmployeeCountRanges = lookup('lead_employee_count_ranges');
export const leadAccountingSoftwareTools = lookup('lead_accounting_software_tools');
export const leadAcquisitionChannels = lookup('lead_acquisition_channels');

/** ONBOARDING_SERVICE: 1 tax, 2 bookkeeping, 3 payroll. */
export const onboardingServices = pgTable('onboarding_services', {
  id: integer().primaryKey(),
  name: text().notNull(),
  displayName: text().notNull(),
  sortOrder: integer().notNull().default(0),
});

/** The quote's price table: a plan covers one service, or several when it is a package. */
export const servicePlans = pgTable('service_plans', {
  id: integer().primaryKey(),
  isPackage: boolean().notNull().default(false),
  /** Dollars; null is a custom price. */
  fee: numeric({ precision: 12, scale: 2, mode: 'number' }),
  /** PAYMENT_FREQUENCY: 1 monthly, 2 annual. */
  paymentFrequency: smallint().notNull(),
  isActive: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
});

export const servicePlanServices = pgTable(
  'service_plan_services',
  {
    servicePlanId: integer()
      .notNull()
      .references(() => servicePlans.id, { onDelete: 'cascade' }),
    onboardingServiceId: integer()
      .notNull()
      .references(() => onboardingServices.id),
  },
  (t) => [primaryKey({ columns: [t.servicePlanId, t.onboardingServiceId] })],
);

export const leads = pgTable(
  'leads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The public link's key: 256 random bits, base64url. */
    idHash: text().notNull(),
    /** LEAD_STATUS (spec 01 section 4.3). */
    status: smallint().notNull(),
    legalCompanyName: text().notNull(),
    contactFirstName: text().notNull(),
    contactLastName: text().notNull(),
    contactEmailAddress: text().notNull(),
    contactPhoneNumber: text().notNull(),
    /** CONTACT_POSITION: 1 owner, 2 co-owner, 3 director, 4 manager. */
    contactPosition: smallint().notNull(),
    ownerFirstName: text(),
    ownerLastName: text(),
    /** Set once the intake questions were answered (the answers below are then meaningful). */
    intakeAnsweredAt: timestamp({ withTimezone: true }),
    industryId: integer().references(() => leadIndustries.id),
    otherIndustryName: text(),
    annualSalesRangeId: integer().references(() => leadAnnualSalesRanges.id),
    employeeCountRangeId: integer().references(() => leadEmployeeCountRanges.id),
    acquisitionChannelId: integer().references(() => leadAcquisitionChannels.id),
    hasAnyReadyFinancialReport: boolean(),
    yearToGetTaxService: integer(),
    currentlyDoingBookkeeping: boolean(),
    yearToGetBookkeepingService: integer(),
    accountingSoftwareToolId: integer().references(() => leadAccountingSoftwareTools.id),
    currentlyGettingPayrollService: boolean(),
    contractAcceptedAt: timestamp({ withTimezone: true }),
    /** EIN, encrypted (lib/field-crypto). */
    companyEinEncrypted: text(),
    companyWebsite: text(),
    companyPhoneNumber: text(),
    companyAddress: text(),
    linkedUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
    companyBankName: text(),
    /** Routing and account numbers, encrypted (lib/field-crypto). */
    companyBankRoutingNumberEncrypted: text(),
    companyBankAccountNumberEncrypted: text(),
    taxReturnFileId: integer().references(() => storedFiles.id),
    employerIdentificationNumberFileId: integer().references(() => storedFiles.id),
    articleOfIncorporationFileId: integer().references(() => storedFiles.id),
    /** Soft delete (spec 02: deleted leads are never shown). */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_id_hash_key').on(t.idHash),
    index('leads_created_at_idx').on(t.createdAt),
    index('leads_linked_user_idx').on(t.linkedUserId),
  ],
);

export const leadServices = pgTable(
  'lead_services',
  {
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    onboardingServiceId: integer()
      .notNull()
      .references(() => onboardingServices.id),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.onboardingServiceId] })],
);

/** The quote the prospect accepted: the chosen plans. */
export const leadServicePlans = pgTable(
  'lead_service_plans',
  {
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    servicePlanId: integer()
      .notNull()
      .references(() => servicePlans.id),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.servicePlanId] })],
);

/** Solved ALTCHA challenges, kept until they expire so a solution is accepted once only. */
export const usedCaptchaChallenges = pgTable(
  'used_captcha_challenges',
  {
    signature: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_captcha_challenges_expires_idx').on(t.expiresAt)],
);
