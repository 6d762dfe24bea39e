import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  companies,
  companyOrganizers,
  companyRegisteredAgents,
  counties,
  industries,
  payments,
  states,
  storedFiles,
} from '../../../db/schema/index.js';
import type { FieldCrypto } from '../../../lib/field-crypto.js';
import { newStorageKey, type BlobStorage } from '../../../lib/storage/index.js';

/** A PNG signature and header: enough for the sniffer and for a browser to call it an image. */
export const passportBytes = () =>
  Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);

export interface OrganizerValues {
  firstName?: string;
  lastName?: string;
  middleName?: string | null;
  titles?: number[];
  shareOwnership?: number;
  isDirector?: boolean;
  /** Stores a passport blob under this (uploaded) name; needs `storage` (and `fieldCrypto` to keep the name). */
  passportFileName?: string;
}

export interface CompanyValues {
  isResident?: boolean;
  /** 1 LLC, 2 Corporation. */
  businessEntityType?: 1 | 2;
  stateName?: string;
  legalName?: string;
  doingBusinessAs?: string | null;
  industryName?: string | null;
  otherIndustryName?: string | null;
  contactFirstName?: string;
  contactLastName?: string;
  contactEmailAddress?: string;
  managementStructure?: 1 | 2 | null;
  /** Plain `###-##-####`; stored encrypted, so `fieldCrypto` is needed with it. */
  socialSecurityNumber?: string | null;
  /** Payment status 1-4, or null for a company without a registration payment. */
  paymentStatus?: number | null;
  couponCode?: string | null;
  /** A new business address (true) or the predefined one (false). */
  ownBusinessAddress?: boolean;
  /** A registered agent in the state's county of this name (resident companies). */
  registeredAgentCountyName?: string | null;
  organizers?: OrganizerValues[];
  createdAt?: Date;
}

/**
 * A formed company written straight into the formation tables, without the wizard or a payment
 * provider: for the staff list and details. Defaults: a resident Virginia LLC, pending payment,
 * agent in Fairfax County, one organizer, predefined business address.
 */
export async function createCompany(
  db: Db,
  values: CompanyValues = {},
  { fieldCrypto, storage }: { fieldCrypto?: FieldCrypto; storage?: BlobStorage } = {},
) {
  const isResident = values.isResident ?? true;
  const entityType = values.businessEntityType ?? 1;
  const [state] = await db
    .select()
    .from(states)
    .where(eq(states.name, values.stateName ?? 'Virginia'));
  const industryName = values.industryName === undefined ? 'Agents' : values.industryName;
  const [industry] = industryName ? await db.select().from(industries).where(eq(industries.name, industryName)) : [];
  const stateFeeCents = isResident ? 10_000 : 35_000;
  const processingFeeCents = isResident ? 600 : 0;
  const discountCents = values.couponCode ? 1_500 : 0;
  const totalCents = stateFeeCents + processingFeeCents + 15_000 - discountCents;

  const paymentStatus = values.paymentStatus === undefined ? 1 : values.paymentStatus;
  const [payment] =
    paymentStatus === null
      ? []
      : await db
          .insert(payments)
          .values({
            purpose: 'company-formation',
            status: paymentStatus,
            amountCents: totalCents,
            provider: 'test',
            providerPaymentId: `pi_test_${randomUUID()}`,
            idempotencyKey: randomUUID(),
          })
          .returning();

  if (values.socialSecurityNumber && !fieldCrypto) throw new Error('An SSN is stored encrypted: pass fieldCrypto.');
  const ownAddress = values.ownBusinessAddress ?? false;
  const [company] = await db
    .insert(companies)
    .values({
      isResident,
      businessEntityType: entityType,
      stateId: state!.id,
      legalName: values.legalName ?? `Factory ${randomUUID().slice(0, 8)}`,
      doingBusinessAs: values.doingBusinessAs ?? null,
      industryId: industry?.id ?? null,
      otherIndustryName: industry ? null : (values.otherIndustryName ?? 'Beekeeping'),
      contactFirstName: values.contactFirstName ?? 'Ada',
      contactLastName: values.contactLastName ?? 'Lovelace',
      contactEmailAddress: values.contactEmailAddress ?? 'ada@example.com',
      contactPhoneNumber: '(555) 010-0100',
      managementStructure: values.managementStructure === undefined ? 2 : values.managementStructure,
      businessAddressType: ownAddress ? 2 : 1,
      ...(ownAddress && {
        businessAddressLine1: '1 Main Street',
        businessAddressCity: 'Richmond',
        businessAddressZipCode: '23219',
        businessAddressEmailAddress: 'office@example.com',
      }),
      socialSecurityNumberEncrypted: values.socialSecurityNumber
        ? fieldCrypto!.encrypt(values.socialSecurityNumber)
        : null,
      socialSecurityFirstName: values.socialSecurityNumber ? 'Ada' : null,
      socialSecurityLastName: values.socialSecurityNumber ? 'Lovelace' : null,
      registrationPaymentId: payment?.id ?? null,
      stateFilingFeeCents: stateFeeCents,
      processingFeeCents,
      serviceFeeCents: 15_000,
      discountCents,
      totalCents,
      couponCode: values.couponCode ?? null,
      couponDiscountType: values.couponCode ? 2 : null,
      couponDiscountValue: values.couponCode ? '15.00' : null,
      ...(values.createdAt && { createdAt: values.createdAt }),
    })
    .returning();

  const agentCounty =
    values.registeredAgentCountyName === undefined ? 'Fairfax County' : values.registeredAgentCountyName;
  if (isResident && agentCounty) {
    const [county] = await db
      .select()
      .from(counties)
      .where(and(eq(counties.stateId, state!.id), eq(counties.name, agentCounty)));
    await db.insert(companyRegisteredAgents).values({
      companyId: company!.id,
      registeredAgentType: 1,
      firstName: 'Grace',
      lastName: 'Hopper',
      addressLine1: '2 Agent Road',
      city: 'Fairfax',
      countyId: county!.id,
      zipCode: '22030',
      phoneNumber: '(555) 010-0200',
    });
  }

  const organizers = [];
  for (const [position, organizer] of (values.organizers ?? [{}]).entries()) {
    let passportFileId: number | null = null;
    if (organizer.passportFileName) {
      if (!storage) throw new Error('A passport needs storage.');
      const key = newStorageKey('passports');
      const { size, sha256 } = await storage.put(key, Readable.from([passportBytes()]));
      const [file] = await db
        .insert(storedFiles)
        .values({ storageKey: key, fileName: 'passport.png', contentType: 'image/png', size, sha256 })
        .returning();
      passportFileId = file!.id;
    }
    const [row] = await db
      .insert(companyOrganizers)
      .values({
        companyId: company!.id,
        position,
        titles: organizer.titles ?? (entityType === 2 ? [1] : []),
        firstName: organizer.firstName ?? 'Ada',
        lastName: organizer.lastName ?? 'Lovelace',
        middleName: organizer.middleName ?? null,
        shareOwnership: organizer.shareOwnership ?? 100,
        isDirector: organizer.isDirector ?? false,
        passportFileId,
        // Without the app's key the name stays unset, as the neutral stored name stands in for it.
        passportFileNameEncrypted:
          organizer.passportFileName && fieldCrypto ? fieldCrypto.encrypt(organizer.passportFileName) : null,
      })
      .returning();
    organizers.push(row!);
  }

  return { company: company!, payment: payment ?? null, organizers };
}
