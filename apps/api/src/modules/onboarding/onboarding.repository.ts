import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { CLIENT_TYPE, ROLE_NAME, type DropdownOption, type ServicePlanDto } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  clientServices,
  clients,
  lastChosenClients,
  leadAccountingSoftwareTools,
  leadAcquisitionChannels,
  leadAnnualSalesRanges,
  leadEmployeeCountRanges,
  leadIndustries,
  leadServicePlans,
  leadServices,
  leads,
  onboardingServices,
  roles,
  servicePlanServices,
  servicePlans,
  services,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { rowVersion } from '../../lib/row-version.js';

/** A lead with its version (the row's xmin, see lib/row-version.ts). */
export type LeadRow = typeof leads.$inferSelect & { version: string };
export type LeadWrite = Partial<Omit<typeof leads.$inferInsert, 'id' | 'idHash' | 'createdAt'>>;

export const LOOKUP_TABLES = {
  industries: leadIndustries,
  annualSalesRanges: leadAnnualSalesRanges,
  employeeCountRanges: leadEmployeeCountRanges,
  accountingSoftwareTools: leadAccountingSoftwareTools,
  acquisitionChannels: leadAcquisitionChannels,
} as const;
export type LookupName = keyof typeof LOOKUP_TABLES;

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;

/** The SQL of the public onboarding wizard: lookups, the price table and the lead's own rows. */
export function createOnboardingRepository({ db }: { db: DbOrTx }) {
  return {
    async lookup(name: LookupName): Promise<DropdownOption[]> {
      const table = LOOKUP_TABLES[name];
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .orderBy(asc(table.sortOrder), asc(table.id));
      return rows.map((row) => ({ value: String(row.id), displayText: row.name }));
    },

    async lookupExists(name: LookupName, id: number, tx: DbOrTx = db): Promise<boolean> {
      const table = LOOKUP_TABLES[name];
      const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
      return row !== undefined;
    },

    async services(tx: DbOrTx = db) {
      return tx
        .select({
          id: onboardingServices.id,
          name: onboardingServices.name,
          displayName: onboardingServices.displayName,
        })
        .from(onboardingServices)
        .orderBy(asc(onboardingServices.sortOrder), asc(onboardingServices.id));
    },

    async insertLead(values: typeof leads.$inferInsert, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.insert(leads).values(values).returning({ id: leads.id });
      return row!.id;
    },

    /** A live (not deleted) lead by its public key; `forUpdate` serialises concurrent steps on it. */
    async findByIdHash(idHash: string, tx: DbOrTx = db, forUpdate = false): Promise<LeadRow | null> {
      const query = tx
        .select({ ...getTableColumns(leads), version: rowVersion(leads) })
        .from(leads)
        .where(and(eq(leads.idHash, idHash), isNull(leads.deletedAt)))
        .limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async update(leadId: number, values: LeadWrite, tx: DbOrTx = db): Promise<void> {
      await tx
        .update(leads)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(leads.id, leadId));
    },

    async serviceIds(leadId: number, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: leadServices.onboardingServiceId })
        .from(leadServices)
        .where(eq(leadServices.leadId, leadId))
        .orderBy(asc(leadServices.onboardingServiceId));
      return rows.map((row) => row.id);
    },

    async setServices(leadId: number, serviceIds: readonly number[], tx: DbOrTx = db): Promise<void> {
      await tx.delete(leadServices).where(eq(leadServices.leadId, leadId));
      if (serviceIds.length > 0) {
        await tx
          .insert(leadServices)
          .values(serviceIds.map((onboardingServiceId) => ({ leadId, onboardingServiceId })));
      }
    },

    /** Active plans, each with its services, in price-table order; `ids` narrows them. */
    async plans(ids?: readonly number[], tx: DbOrTx = db): Promise<ServicePlanDto[]> {
      const rows = await tx
        .select({
          id: servicePlans.id,
          isPackage: servicePlans.isPackage,
          fee: servicePlans.fee,
          paymentFrequency: servicePlans.paymentFrequency,
          serviceName: onboardingServices.name,
          serviceDisplayName: onboardingServices.displayName,
        })
        .from(servicePlans)
        .innerJoin(servicePlanServices, eq(servicePlanServices.servicePlanId, servicePlans.id))
        .innerJoin(onboardingServices, eq(onboardingServices.id, servicePlanServices.onboardingServiceId))
        .where(
          and(eq(servicePlans.isActive, true), ids ? inArray(servicePlans.id, ids.length ? [...ids] : [0]) : undefined),
        )
        .orderBy(asc(servicePlans.sortOrder), asc(servicePlans.id), asc(onboardingServices.sortOrder));
      const plans = new Map<number, ServicePlanDto>();
      for (const row of rows) {
        const plan = plans.get(row.id) ?? {
          id: row.id,
          isPackage: row.isPackage,
          services: [],
          fee: row.fee === null ? null : Number(row.fee),
          paymentFrequency: row.paymentFrequency === 2 ? 2 : 1,
        };
        plan.services.push({ name: row.serviceName, displayName: row.serviceDisplayName });
        plans.set(row.id, plan);
      }
      return [...plans.values()];
    },

    async chosenPlanIds(leadId: number, tx: DbOrTx = db): Promise<number[]> {
      const rows = await tx
        .select({ id: leadServicePlans.servicePlanId })
        .from(leadServicePlans)
        .where(eq(leadServicePlans.leadId, leadId))
        .orderBy(asc(leadServicePlans.servicePlanId));
      return rows.map((row) => row.id);
    },

    async setChosenPlans(leadId: number, planIds: readonly number[], tx: DbOrTx = db): Promise<void> {
      await tx.delete(leadServicePlans).where(eq(leadServicePlans.leadId, leadId));
      if (planIds.length > 0) {
        await tx.insert(leadServicePlans).values(planIds.map((servicePlanId) => ({ leadId, servicePlanId })));
      }
    },

    /**
     * The prospect's portal account: a client user whose username is the e-mail, still owing the
     * lead onboarding (spec 01 section 4.4), owning a business client named after the company that
     * gets the firm's services matching the chosen onboarding services by name.
     *
     * @unscoped the public onboarding creates the user and their first client: no scope exists yet
     */
    async insertClientAccount(
      row: {
        firstName: string;
        lastName: string;
        emailAddress: string;
        phoneNumber: string;
        passwordHash: string;
        leadIdHash: string;
        companyName: string;
        website: string | null;
        address: string;
        tinEncrypted: string;
        tinIndex: string;
        onboardingServiceIds: readonly number[];
      },
      tx: DbOrTx = db,
    ): Promise<{ userId: number; clientId: number }> {
      const [user] = await tx
        .insert(users)
        .values({
          firstName: row.firstName,
          lastName: row.lastName,
          username: row.emailAddress,
          emailAddress: row.emailAddress,
          phoneNumber: row.phoneNumber,
          passwordHash: row.passwordHash,
          leadIdHash: row.leadIdHash,
          isLeadOnboardingCompleted: false,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_NAME.client)).limit(1);
      if (!role) throw new Error('The client role is missing: the database was not seeded.');
      await tx.insert(userRoles).values({ userId, roleId: role.id });
      const [client] = await tx
        .insert(clients)
        .values({
          clientType: CLIENT_TYPE.business,
          name: row.companyName,
          ownerUserId: userId,
          website: row.website,
          tinEncrypted: row.tinEncrypted,
          tinIndex: row.tinIndex,
          emailAddress: row.emailAddress,
          phoneNumber: row.phoneNumber,
          addressLine1: row.address,
        })
        .returning({ id: clients.id });
      const clientId = client!.id;
      if (row.onboardingServiceIds.length > 0) {
        await tx.insert(clientServices).select(
          tx
            .select({ clientId: sql<number>`${clientId}`.as('client_id'), serviceId: services.id })
            .from(services)
            .innerJoin(onboardingServices, sql`lower(${services.name}) = lower(${onboardingServices.name})`)
            .where(and(inArray(onboardingServices.id, [...row.onboardingServiceIds]), eq(services.isActive, true))),
        );
      }
      // Their first sign-in starts on it (ADR 0014): no session exists yet.
      await tx.insert(lastChosenClients).values({ userId, clientId });
      return { userId, clientId };
    },
  };
}
