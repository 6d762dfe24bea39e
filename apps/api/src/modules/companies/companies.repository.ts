import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  businessEntityTypes,
  companies,
  companyOrganizers,
  companyRegisteredAgents,
  counties,
  industries,
  managementStructures,
  organizerTitles,
  payments,
  registeredAgentTypes,
  states,
  storedFiles,
} from '../../db/schema/index.js';

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

export function createCompaniesRepository({ db }: { db: DbOrTx }) {
  return {
    /** Newest first; the id breaks ties so pages never overlap. */
    async list({ limit, offset }: { limit: number; offset: number }, tx: DbOrTx = db) {
      const [items, [total]] = await Promise.all([
        tx
          .select({
            id: companies.id,
            legalName: companies.legalName,
            businessEntityTypeId: businessEntityTypes.id,
            businessEntityTypeName: businessEntityTypes.name,
            contactFirstName: companies.contactFirstName,
            contactLastName: companies.contactLastName,
            contactEmailAddress: companies.contactEmailAddress,
            contactPhoneNumber: companies.contactPhoneNumber,
            isResident: companies.isResident,
            paymentStatus: payments.status,
            createdAt: companies.createdAt,
          })
          .from(companies)
          .innerJoin(businessEntityTypes, eq(businessEntityTypes.id, companies.businessEntityType))
          .leftJoin(payments, eq(payments.id, companies.registrationPaymentId))
          // NULLS LAST as companies_created_at_idx stores it, so the newest page is read from the index.
          .orderBy(sql`${companies.createdAt} desc nulls last`, sql`${companies.id} desc nulls last`)
          .limit(limit)
          .offset(offset),
        tx.select({ value: count() }).from(companies),
      ]);
      return { items, totalCount: total?.value ?? 0 };
    },

    async findCompany(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          company: companies,
          businessEntityTypeName: businessEntityTypes.name,
          stateName: states.name,
          industryName: industries.name,
          managementStructureName: managementStructures.name,
          paymentStatus: payments.status,
        })
        .from(companies)
        .innerJoin(businessEntityTypes, eq(businessEntityTypes.id, companies.businessEntityType))
        .innerJoin(states, eq(states.id, companies.stateId))
        .leftJoin(industries, eq(industries.id, companies.industryId))
        .leftJoin(managementStructures, eq(managementStructures.id, companies.managementStructure))
        .leftJoin(payments, eq(payments.id, companies.registrationPaymentId))
        .where(eq(companies.id, id));
      return row ?? null;
    },

    async findRegisteredAgent(companyId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          agent: companyRegisteredAgents,
          registeredAgentTypeName: registeredAgentTypes.name,
          countyName: counties.name,
        })
        .from(companyRegisteredAgents)
        .innerJoin(registeredAgentTypes, eq(registeredAgentTypes.id, companyRegisteredAgents.registeredAgentType))
        .leftJoin(counties, eq(counties.id, companyRegisteredAgents.countyId))
        .where(eq(companyRegisteredAgents.companyId, companyId));
      return row ?? null;
    },

    findOrganizers(companyId: number, tx: DbOrTx = db) {
      return tx
        .select()
        .from(companyOrganizers)
        .where(eq(companyOrganizers.companyId, companyId))
        .orderBy(asc(companyOrganizers.position));
    },

    findOrganizerTitles(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select({ id: organizerTitles.id, name: organizerTitles.name })
        .from(organizerTitles)
        .where(inArray(organizerTitles.id, ids));
    },

    /** The organizer's passport, only through its own company. */
    async findPassport(companyId: number, organizerId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          organizerId: companyOrganizers.id,
          fileNameEncrypted: companyOrganizers.passportFileNameEncrypted,
          storedFileName: storedFiles.fileName,
          storageKey: storedFiles.storageKey,
          contentType: storedFiles.contentType,
          size: storedFiles.size,
        })
        .from(companyOrganizers)
        .innerJoin(storedFiles, eq(storedFiles.id, companyOrganizers.passportFileId))
        .where(and(eq(companyOrganizers.companyId, companyId), eq(companyOrganizers.id, organizerId)));
      return row ?? null;
    },
  };
}
