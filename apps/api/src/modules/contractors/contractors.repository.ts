import { and, asc, count, eq, exists, inArray, not, sql, type SQL } from 'drizzle-orm';
import { CLIENT_TYPE, PAYMENT_STATUS, type ContractorSortKey } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { clients, contractorPayments, contractors, payments, states } from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery } from '../../lib/list-query.js';
import { lockCurrentVersion, rowVersion } from '../../lib/row-version.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';
import { contractorScopeCondition, type ContractorScope } from './contractor-scope.js';

/** The list's filters; the scope comes with them, so the list and its export read the same rows. */
export interface ContractorFilterValues {
  /** Staff only: one client instead of every client. */
  clientId?: number;
  taxYear: number;
  businessNameOrFullName?: string;
  contractorType?: number;
  isPaid?: boolean;
  isCompleted?: boolean;
}

export type ContractorWritable = Pick<
  typeof contractors.$inferInsert,
  | 'businessName'
  | 'firstName'
  | 'lastName'
  | 'identificationNumberEncrypted'
  | 'identificationNumberLast4'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'stateId'
  | 'zipCode'
  | 'totalPaymentCents'
>;

function paidByAnyPayment(db: DbOrTx): SQL {
  return exists(
    db
      .select({ one: contractorPayments.paymentId })
      .from(contractorPayments)
      .innerJoin(payments, eq(payments.id, contractorPayments.paymentId))
      .where(and(eq(contractorPayments.contractorId, contractors.id), eq(payments.status, PAYMENT_STATUS.paid))),
  );
}

const fullName = sql<string>`coalesce(${contractors.businessName}, ${contractors.firstName} || ' ' || ${contractors.lastName})`;

export type ContractorsRepository = ReturnType<typeof createContractorsRepository>;

export function createContractorsRepository({ db }: { db: Db }) {
  const isPaid = paidByAnyPayment(db);
  const columns = {
    id: contractors.id,
    version: rowVersion(contractors),
    clientId: contractors.clientId,
    clientName: clients.name,
    taxYear: contractors.taxYear,
    contractorType: contractors.contractorType,
    businessName: contractors.businessName,
    firstName: contractors.firstName,
    lastName: contractors.lastName,
    fullName,
    identificationNumberEncrypted: contractors.identificationNumberEncrypted,
    identificationNumberLast4: contractors.identificationNumberLast4,
    addressLine1: contractors.addressLine1,
    addressLine2: contractors.addressLine2,
    city: contractors.city,
    stateId: contractors.stateId,
    stateName: states.name,
    zipCode: contractors.zipCode,
    totalPaymentCents: contractors.totalPaymentCents,
    serviceFeeCents: contractors.serviceFeeCents,
    isCompleted: contractors.isCompleted,
    isPaid: sql<boolean>`${isPaid}`.mapWith(Boolean),
  };

  const sortable: Record<ContractorSortKey, SQL | typeof contractors.id> = {
    client: sql`lower(${clients.name})`,
    contractorType: sql`${contractors.contractorType}`,
    name: sql`lower(${fullName})`,
    address: sql`lower(${contractors.addressLine1})`,
    totalPayment: sql`${contractors.totalPaymentCents}`,
    serviceFee: sql`${contractors.serviceFeeCents}`,
    isPaid: sql`${isPaid}`,
    isCompleted: sql`${contractors.isCompleted}`,
  };

  function yearWhere(scope: ContractorScope, filter: { clientId?: number; taxYear: number }): SQL | undefined {
    return and(
      contractorScopeCondition(scope),
      filter.clientId === undefined ? undefined : eq(contractors.clientId, filter.clientId),
      eq(contractors.taxYear, filter.taxYear),
    );
  }

  function where(filters: ContractorFilterValues & { scope: ContractorScope }): SQL | undefined {
    return and(
      yearWhere(filters.scope, filters),
      filters.businessNameOrFullName ? containsIgnoreCase(fullName, filters.businessNameOrFullName) : undefined,
      filters.contractorType === undefined ? undefined : eq(contractors.contractorType, filters.contractorType),
      filters.isPaid === undefined ? undefined : filters.isPaid ? isPaid : not(isPaid),
      filters.isCompleted === undefined ? undefined : eq(contractors.isCompleted, filters.isCompleted),
    );
  }

  function select(tx: DbOrTx) {
    return tx
      .select(columns)
      .from(contractors)
      .innerJoin(clients, eq(clients.id, contractors.clientId))
      .innerJoin(states, eq(states.id, contractors.stateId));
  }

  /** Payment links of these contractors, when they are in scope. */
  function linksOf(contractorIds: number[], scope: ContractorScope, tx: DbOrTx): SQL | undefined {
    const condition = contractorScopeCondition(scope);
    return and(
      inArray(contractorPayments.contractorId, contractorIds),
      condition &&
        exists(
          tx
            .select({ one: contractors.id })
            .from(contractors)
            .where(and(eq(contractors.id, contractorPayments.contractorId), condition)),
        ),
    );
  }

  return {
    /**
     * The session's current client (ADR 0014) when it is a business the user may see (resolves
     * `ContractorScope`).
     */
    async currentBusinessClient(scope: ClientScope, currentClientId: number | null, tx: DbOrTx = db) {
      if (scope.clientUserId === null || currentClientId === null) return null;
      const [row] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(
            eq(clients.id, currentClientId),
            eq(clients.clientType, CLIENT_TYPE.business),
            clientScopeCondition(tx, scope),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    async findPage(
      filters: ContractorFilterValues & { scope: ContractorScope },
      sort: { sortedBy?: string; sortedDesc?: boolean },
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      return select(tx)
        .where(where(filters))
        .orderBy(...orderByFromQuery(sortable, sort, { key: 'name' }, contractors.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(filters: ContractorFilterValues & { scope: ContractorScope }, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ total: count() }).from(contractors).where(where(filters));
      return row?.total ?? 0;
    },

    /** What pay-and-submit depends on, over the year's contractors in scope (search filters aside). */
    async payableSummary(scope: ContractorScope, filter: { clientId?: number; taxYear: number }, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          unpaidFeeCents:
            sql<number>`coalesce(sum(${contractors.serviceFeeCents}) filter (where not ${isPaid}), 0)`.mapWith(Number),
          anyZeroTotal: sql<boolean>`coalesce(bool_or(${contractors.totalPaymentCents} = 0), false)`.mapWith(Boolean),
        })
        .from(contractors)
        .where(yearWhere(scope, filter));
      return { unpaidFeeCents: row?.unpaidFeeCents ?? 0, anyZeroTotal: row?.anyZeroTotal ?? false };
    },

    async findById(id: number, scope: ContractorScope, tx: DbOrTx = db) {
      const [row] = await select(tx)
        .where(and(eq(contractors.id, id), contractorScopeCondition(scope)))
        .limit(1);
      return row ?? null;
    },

    /**
     * @unscoped a new contractor: its client is the client user's own scope client, or one staff (every
     * client) just found to be a business client
     */
    async insert(
      values: ContractorWritable & {
        clientId: number;
        taxYear: number;
        contractorType: number;
        serviceFeeCents: number;
        createdByUserId: number;
      },
      tx: DbOrTx = db,
    ): Promise<number> {
      const [row] = await tx.insert(contractors).values(values).returning({ id: contractors.id });
      return row!.id;
    },

    /**
     * Locks the contractor's row and refuses a stale If-Match (412, lib/row-version.ts); null when
     * there is none. The service has already found it in the caller's scope.
     * @unscoped the service finds the contractor in the caller's scope first; this only locks it by id
     */
    lockVersion(id: number, expected: string[] | null, tx: DbOrTx) {
      return lockCurrentVersion(tx, {
        table: contractors,
        where: eq(contractors.id, id),
        expected,
        objectType: 'contractor',
        objectId: id,
      });
    },

    /** Whether a contractor in scope was changed. */
    async update(id: number, scope: ContractorScope, values: ContractorWritable, tx: DbOrTx = db): Promise<boolean> {
      const changed = await tx
        .update(contractors)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(contractors.id, id), contractorScopeCondition(scope)))
        .returning({ id: contractors.id });
      return changed.length > 0;
    },

    async delete(id: number, scope: ContractorScope, tx: DbOrTx = db): Promise<boolean> {
      const deleted = await tx
        .delete(contractors)
        .where(and(eq(contractors.id, id), contractorScopeCondition(scope)))
        .returning({ id: contractors.id });
      return deleted.length > 0;
    },

    async setCompleted(id: number, scope: ContractorScope, isCompleted: boolean, tx: DbOrTx = db): Promise<boolean> {
      const changed = await tx
        .update(contractors)
        .set({ isCompleted, updatedAt: new Date() })
        .where(and(eq(contractors.id, id), contractorScopeCondition(scope)))
        .returning({ id: contractors.id });
      return changed.length > 0;
    },

    /** The client's row, locked: concurrent pay requests of one client run one after the other. */
    async lockClient(clientId: number, scope: ContractorScope, tx: DbOrTx): Promise<void> {
      await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), contractorScopeCondition(scope, clients.id)))
        .for('update');
    },

    async findUnpaid(clientId: number, taxYear: number, scope: ContractorScope, tx: DbOrTx) {
      return tx
        .select({
          id: contractors.id,
          serviceFeeCents: contractors.serviceFeeCents,
          totalPaymentCents: contractors.totalPaymentCents,
        })
        .from(contractors)
        .where(and(yearWhere(scope, { clientId, taxYear }), not(isPaid)))
        .orderBy(asc(contractors.id));
    },

    /** Contractors payments linked to these contractors, newest first. */
    async linkedPayments(contractorIds: number[], scope: ContractorScope, tx: DbOrTx) {
      if (contractorIds.length === 0) return [];
      return tx
        .selectDistinct({ id: payments.id, status: payments.status, updatedAt: payments.updatedAt })
        .from(contractorPayments)
        .innerJoin(payments, eq(payments.id, contractorPayments.paymentId))
        .where(linksOf(contractorIds, scope, tx));
    },

    /**
     * Payments nobody has paid yet (pending, or failed and payable with another card) that cover any
     * of these contractors, each with every contractor it covers and its amount; oldest first.
     */
    async openPayments(
      contractorIds: number[],
      scope: ContractorScope,
      tx: DbOrTx,
    ): Promise<{ id: number; amountCents: number; contractorIds: number[] }[]> {
      if (contractorIds.length === 0) return [];
      const open = inArray(payments.status, [PAYMENT_STATUS.pending, PAYMENT_STATUS.failed]);
      const covering = tx
        .selectDistinct({ id: contractorPayments.paymentId })
        .from(contractorPayments)
        .where(linksOf(contractorIds, scope, tx));
      const rows = await tx
        .select({
          id: payments.id,
          amountCents: payments.amountCents,
          contractorId: contractorPayments.contractorId,
        })
        .from(payments)
        .innerJoin(contractorPayments, eq(contractorPayments.paymentId, payments.id))
        .where(and(open, inArray(payments.id, covering)))
        .orderBy(asc(payments.id), asc(contractorPayments.contractorId));
      const byId = new Map<number, { id: number; amountCents: number; contractorIds: number[] }>();
      for (const row of rows) {
        const payment = byId.get(row.id) ?? { id: row.id, amountCents: row.amountCents, contractorIds: [] };
        payment.contractorIds.push(row.contractorId);
        byId.set(row.id, payment);
      }
      return [...byId.values()];
    },

    /**
     * @unscoped links a payment created in the same transaction to contractors `findUnpaid` has just
     * read in the caller's scope, under the client's lock
     */
    async link(contractorIds: number[], paymentId: number, tx: DbOrTx): Promise<void> {
      if (contractorIds.length === 0) return;
      await tx
        .insert(contractorPayments)
        .values(contractorIds.map((contractorId) => ({ contractorId, paymentId })))
        .onConflictDoNothing();
    },

    /** Business clients for the staff type-ahead. */
    async businessClients(scope: ContractorScope, text: string | undefined, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(
          and(
            eq(clients.clientType, CLIENT_TYPE.business),
            contractorScopeCondition(scope, clients.id),
            text ? containsIgnoreCase(clients.name, text) : undefined,
          ),
        )
        .orderBy(sql`lower(${clients.name})`, asc(clients.id))
        .limit(limit);
    },

    async findClient(clientId: number, scope: ContractorScope, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: clients.id, name: clients.name, clientType: clients.clientType })
        .from(clients)
        .where(and(eq(clients.id, clientId), contractorScopeCondition(scope, clients.id)))
        .limit(1);
      return row ?? null;
    },
  };
}
