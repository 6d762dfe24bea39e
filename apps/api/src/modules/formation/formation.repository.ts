import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  companies,
  companyOrganizers,
  companyRegisteredAgents,
  counties,
  industries,
  payments,
  states,
  storedFiles,
} from '../../db/schema/index.js';

export type FormationRepository = ReturnType<typeof createFormationRepository>;
export type NewCompany = typeof companies.$inferInsert;
export type NewOrganizer = Omit<typeof companyOrganizers.$inferInsert, 'companyId'>;
export type NewRegisteredAgent = Omit<typeof companyRegisteredAgents.$inferInsert, 'companyId'>;
export type NewStoredFile = Omit<typeof storedFiles.$inferInsert, 'id' | 'createdAt'>;

/** SQL of the formation submissions: reference checks and the company's rows. */
export function createFormationRepository({ db }: { db: DbOrTx }) {
  return {
    async findState(id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          id: states.id,
          name: states.name,
          llcFilingFeeForResidents: states.llcFilingFeeForResidents,
          corporationFilingFeeForResidents: states.corporationFilingFeeForResidents,
        })
        .from(states)
        .where(eq(states.id, id))
        .limit(1);
      return row;
    },

    async industryExists(id: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: industries.id }).from(industries).where(eq(industries.id, id)).limit(1);
      return row !== undefined;
    },

    async countyIsInState(countyId: number, stateId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: counties.id })
        .from(counties)
        .where(and(eq(counties.id, countyId), eq(counties.stateId, stateId)))
        .limit(1);
      return row !== undefined;
    },

    /** The company an earlier attempt with the same idempotency key created, with its payment. */
    async findByPaymentIdempotencyKey(idempotencyKey: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ companyId: companies.id, clientSecret: payments.clientSecret, totalCents: companies.totalCents })
        .from(payments)
        .innerJoin(companies, eq(companies.registrationPaymentId, payments.id))
        .where(eq(payments.idempotencyKey, idempotencyKey))
        .limit(1);
      return row;
    },

    async insertCompany(values: NewCompany, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.insert(companies).values(values).returning({ id: companies.id });
      return row!.id;
    },

    async insertRegisteredAgent(companyId: number, values: NewRegisteredAgent, tx: DbOrTx = db): Promise<void> {
      await tx.insert(companyRegisteredAgents).values({ ...values, companyId });
    },

    async insertOrganizers(companyId: number, organizers: NewOrganizer[], tx: DbOrTx = db): Promise<void> {
      if (organizers.length === 0) return;
      await tx.insert(companyOrganizers).values(organizers.map((organizer) => ({ ...organizer, companyId })));
    },

    async insertStoredFile(values: NewStoredFile, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.insert(storedFiles).values(values).returning({ id: storedFiles.id });
      return row!.id;
    },

    async setRegistrationPayment(companyId: number, paymentId: number, tx: DbOrTx = db): Promise<void> {
      await tx.update(companies).set({ registrationPaymentId: paymentId }).where(eq(companies.id, companyId));
    },
  };
}
