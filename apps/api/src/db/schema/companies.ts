import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  businessEntityTypes,
  counties,
  industries,
  managementStructures,
  registeredAgentTypes,
} from './company-reference.js';
import { storedFiles } from './documents.js';
import { payments } from './payments.js';
import { states } from './reference.js';

/**
 * A company formed through the public wizards (spec 03 "Company", docs/formation.md). Written once by
 * the submission; the registration payment's status lives on `payments` and changes only from the
 * provider's event. Money is integer cents, the order summary as charged.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** FORMATION_TYPE as a flag: true resident (JSON wizard), false non-resident (multipart, passports). */
    isResident: boolean().notNull(),
    /** BUSINESS_ENTITY_TYPE: 1 LLC, 2 Corporation. */
    businessEntityType: integer()
      .notNull()
      .references(() => businessEntityTypes.id),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    legalName: text().notNull(),
    doingBusinessAs: text(),
    /** Null when the prospect chose Other; `otherIndustryName` is then set. */
    industryId: integer().references(() => industries.id),
    otherIndustryName: text(),
    contactFirstName: text().notNull(),
    contactLastName: text().notNull(),
    contactEmailAddress: text().notNull(),
    contactPhoneNumber: text().notNull(),
    contactFax: text(),
    /** MANAGEMENT_STRUCTURE: 1 manager, 2 member; resident only. */
    managementStructure: integer().references(() => managementStructures.id),
    /** BUSINESS_ADDRESS_TYPE: 1 predefined (the firm's address; the columns below stay null), 2 new. */
    businessAddressType: smallint().notNull(),
    businessAddressLine1: text(),
    businessAddressLine2: text(),
    businessAddressCity: text(),
    businessAddressZipCode: text(),
    businessAddressEmailAddress: text(),
    businessAddressPhoneNumber: text(),
    /** `###-##-####`, encrypted (lib/field-crypto); null for a non-resident who gave none. */
    socialSecurityNumberEncrypted: text(),
    socialSecurityFirstName: text(),
    socialSecurityLastName: text(),
    /** Set in the submitting transaction, right after the payment intent is created. */
    registrationPaymentId: integer().references(() => payments.id),
    /** Order summary as charged (non-resident: government fee 350 in the filing fee column + service 150). */
    stateFilingFeeCents: integer().notNull(),
    processingFeeCents: integer().notNull(),
    /** Before the coupon. */
    serviceFeeCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    /** The coupon as it was when applied: later edits of the coupon do not change a past order. */
    couponCode: text(),
    /** DISCOUNT_TYPE of spec 02: 1 percentage, 2 fixed. */
    couponDiscountType: smallint(),
    couponDiscountValue: numeric({ precision: 12, scale: 2 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The staff list: newest first.
    index('companies_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('companies_registration_payment_key').on(t.registrationPaymentId),
    check('companies_business_address_type_check', sql`${t.businessAddressType} in (1, 2)`),
    check('companies_industry_check', sql`${t.industryId} is not null or ${t.otherIndustryName} is not null`),
    check(
      'companies_fees_check',
      sql`${t.discountCents} between 0 and ${t.serviceFeeCents} and ${t.totalCents} = ${t.stateFilingFeeCents} + ${t.processingFeeCents} + ${t.serviceFeeCents} - ${t.discountCents}`,
    ),
  ],
);

/** The resident company's registered agent (one per company; non-resident companies have none). */
export const companyRegisteredAgents = pgTable('company_registered_agents', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** REGISTERED_AGENT_TYPE: 1 individual (first/last name), 2 company (company name). */
  registeredAgentType: integer()
    .notNull()
    .references(() => registeredAgentTypes.id),
  companyName: text(),
  firstName: text(),
  lastName: text(),
  middleName: text(),
  addressLine1: text().notNull(),
  addressLine2: text(),
  city: text().notNull(),
  /** Shown as the jurisdiction; always a county of the company's state. */
  countyId: integer()
    .notNull()
    .references(() => counties.id),
  zipCode: text().notNull(),
  emailAddress: text(),
  phoneNumber: text().notNull(),
});

/** Organizers (LLC) or officers (Corporation), in the order the prospect listed them. */
export const companyOrganizers = pgTable(
  'company_organizers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    /** ORGANIZER_TITLE ids (1 President, 2 Vice President, 3 Treasurer, 4 Secretary); Corporation only. */
    titles: smallint()
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    firstName: text().notNull(),
    lastName: text().notNull(),
    middleName: text(),
    /** Whole-number percent. */
    shareOwnership: integer().notNull(),
    /** Corporation only; always false for an LLC. */
    isDirector: boolean().notNull().default(false),
    /** Non-resident: the main page of the passport. Served only by the staff download route. */
    passportFileId: integer().references(() => storedFiles.id),
    /**
     * The uploaded file name, encrypted (passport metadata, DESIGN.md section 4); `stored_files.file_name`
     * holds only a neutral `passport.<ext>`.
     */
    passportFileNameEncrypted: text(),
  },
  (t) => [
    uniqueIndex('company_organizers_company_position_key').on(t.companyId, t.position),
    check('company_organizers_titles_check', sql`${t.titles} <@ '{1,2,3,4}'::smallint[]`),
    check('company_organizers_share_ownership_check', sql`${t.shareOwnership} between 0 and 100`),
  ],
);
