import { and, asc, count, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  leadAccountingSoftwareTools,
  leadAcquisitionChannels,
  leadAnnualSalesRanges,
  leadEmployeeCountRanges,
  leadIndustries,
  leadServices,
  leads,
  onboardingServices,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import { containsIgnoreCase, phoneContains, orderByFromQuery } from '../../lib/list-query.js';
import { rowVersion } from '../../lib/row-version.js';

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;

export interface LeadListFilters {
  legalCompanyName?: string;
  contactFullName?: string;
  contactEmailAddress?: string;
  contactPhoneNumber?: string;
  statusId?: number;
  /** Inclusive start and exclusive end instants of the creation-date range. */
  createdFrom?: Date;
  createdBefore?: Date;
}

const contactFullName = sql<string>`${leads.contactFirstName} || ' ' || ${leads.contactLastName}`;

const listColumns = {
  version: rowVersion(leads),
  id: leads.id,
  idHash: leads.idHash,
  legalCompanyName: leads.legalCompanyName,
  createdAt: leads.createdAt,
  status: leads.status,
  contactFullName,
  contactEmailAddress: leads.contactEmailAddress,
  contactPhoneNumber: leads.contactPhoneNumber,
  contactPosition: leads.contactPosition,
};
export type LeadListRow = Awaited<ReturnType<LeadsRepository['findPage']>>[number];

const SORTABLE = {
  legalCompanyName: sql`lower(${leads.legalCompanyName})`,
  contactFullName: sql`lower(${contactFullName})`,
  contactEmailAddress: sql`lower(${leads.contactEmailAddress})`,
  contactPhoneNumber: leads.contactPhoneNumber,
  status: leads.status,
  creationTime: leads.createdAt,
};

function whereOf(filters: LeadListFilters): SQL | undefined {
  return and(
    isNull(leads.deletedAt),
    filters.legalCompanyName ? containsIgnoreCase(leads.legalCompanyName, filters.legalCompanyName) : undefined,
    filters.contactFullName ? containsIgnoreCase(contactFullName, filters.contactFullName) : undefined,
    filters.contactEmailAddress
      ? containsIgnoreCase(leads.contactEmailAddress, filters.contactEmailAddress)
      : undefined,
    filters.contactPhoneNumber ? phoneContains(leads.contactPhoneNumber, filters.contactPhoneNumber) : undefined,
    filters.statusId !== undefined ? eq(leads.status, filters.statusId) : undefined,
    filters.createdFrom ? gte(leads.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(leads.createdAt, filters.createdBefore) : undefined,
  );
}

/** The SQL of the staff leads screens and of the signed-in lead onboarding. */
export function createLeadsRepository({ db }: { db: DbOrTx }) {
  return {
    async findPage(
      filters: LeadListFilters,
      sort: { sortedBy?: string; sortedDesc?: boolean },
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      return tx
        .select(listColumns)
        .from(leads)
        .where(whereOf(filters))
        .orderBy(...orderByFromQuery(SORTABLE, sort, { key: 'creationTime', desc: true }, leads.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(filters: LeadListFilters, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ total: count() }).from(leads).where(whereOf(filters));
      return row?.total ?? 0;
    },

    /** A live lead with the names of its looked-up answers and its linked user's e-mail. */
    async findDetails(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          lead: leads,
          industryName: leadIndustries.name,
          annualSalesRangeName: leadAnnualSalesRanges.name,
          employeeCountRangeName: leadEmployeeCountRanges.name,
          accountingSoftwareToolName: leadAccountingSoftwareTools.name,
          acquisitionChannelName: leadAcquisitionChannels.name,
          linkedUserEmailAddress: users.emailAddress,
        })
        .from(leads)
        .leftJoin(leadIndustries, eq(leadIndustries.id, leads.industryId))
        .leftJoin(leadAnnualSalesRanges, eq(leadAnnualSalesRanges.id, leads.annualSalesRangeId))
        .leftJoin(leadEmployeeCountRanges, eq(leadEmployeeCountRanges.id, leads.employeeCountRangeId))
        .leftJoin(leadAccountingSoftwareTools, eq(leadAccountingSoftwareTools.id, leads.accountingSoftwareToolId))
        .leftJoin(leadAcquisitionChannels, eq(leadAcquisitionChannels.id, leads.acquisitionChannelId))
        .leftJoin(users, eq(users.id, leads.linkedUserId))
        .where(and(eq(leads.id, id), isNull(leads.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async findLive(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(leads)
        .where(and(eq(leads.id, id), isNull(leads.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async services(leadId: number, tx: DbOrTx = db) {
      return tx
        .select({
          id: onboardingServices.id,
          name: onboardingServices.name,
          displayName: onboardingServices.displayName,
        })
        .from(leadServices)
        .innerJoin(onboardingServices, eq(onboardingServices.id, leadServices.onboardingServiceId))
        .where(eq(leadServices.leadId, leadId))
        .orderBy(asc(onboardingServices.sortOrder));
    },

    async fileNames(fileIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, string>> {
      if (fileIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: storedFiles.id, fileName: storedFiles.fileName })
        .from(storedFiles)
        .where(inArray(storedFiles.id, [...fileIds]));
      return new Map(rows.map((row) => [row.id, row.fileName]));
    },

    async findFile(fileId: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(storedFiles).where(eq(storedFiles.id, fileId)).limit(1);
      return row ?? null;
    },

    /** The leads among `ids` not deleted yet, locked (FOR UPDATE) with their versions. */
    async lockLive(ids: readonly number[], tx: DbOrTx): Promise<Array<{ id: number; version: string }>> {
      return tx
        .select({ id: leads.id, version: rowVersion(leads) })
        .from(leads)
        .where(and(inArray(leads.id, [...ids]), isNull(leads.deletedAt)))
        .orderBy(asc(leads.id))
        .for('update');
    },

    async softDelete(ids: readonly number[], tx: DbOrTx = db): Promise<void> {
      await tx
        .update(leads)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(inArray(leads.id, [...ids]), isNull(leads.deletedAt)));
    },

    /** The signed-in user's linked lead (through users.leadIdHash); `forUpdate` serialises the steps. */
    async findLinkedToUser(userId: number, tx: DbOrTx = db, forUpdate = false) {
      const query = tx
        .select({ lead: leads, isLeadOnboardingCompleted: users.isLeadOnboardingCompleted, version: rowVersion(leads) })
        .from(users)
        .innerJoin(leads, and(eq(leads.idHash, users.leadIdHash), isNull(leads.deletedAt)))
        .where(eq(users.id, userId))
        .limit(1);
      const [row] = forUpdate ? await query.for('update', { of: leads }) : await query;
      return row ?? null;
    },

    async updateLead(leadId: number, values: Partial<typeof leads.$inferInsert>, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(leads)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(leads.id, leadId));
    },

    async insertStoredFile(row: typeof storedFiles.$inferInsert, tx: DbOrTx = db): Promise<number> {
      const [inserted] = await tx.insert(storedFiles).values(row).returning({ id: storedFiles.id });
      return inserted!.id;
    },

    async markOnboardingCompleted(userId: number, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(users)
        .set({ isLeadOnboardingCompleted: true, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    },
  };
}
