import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  CLIENT_TYPE,
  CONTRACTOR_ERROR,
  CONTRACTOR_SERVICE_FEE_CENTS,
  CONTRACTOR_TYPE,
  PAYMENT_INTENT_RESULT,
  ROLE_NAME,
  centsToDollars,
  contractorTypeDto,
  currentTaxYear,
  dollarsToCents,
  hasPermission,
  maskSsn,
  maskTin,
  type BusinessContractorDto,
  type BusinessContractorForm,
  type ContractorClientDto,
  type ContractorInput,
  type ContractorListDto,
  type ContractorListItemDto,
  type ContractorPaymentIntentResult,
  type ContractorType,
  type ExportContractorsQuery,
  type IndividualContractorDto,
  type IndividualContractorForm,
  type ListContractorsQuery,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { digitsOnly, type FieldCrypto } from '../../lib/field-crypto.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { exportBatches } from '../../lib/export-batches.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { UsersRepository } from '../users/index.js';
import { contractorScopeOf, type ContractorScope } from './contractor-scope.js';
import { contractorsExportFileName, writeContractorsWorkbook } from './contractors.export.js';
import type { ContractorFilterValues, ContractorsRepository, ContractorWritable } from './contractors.repository.js';

type ContractorRow = NonNullable<Awaited<ReturnType<ContractorsRepository['findById']>>>;

const EXPORT_BATCH_SIZE = 500;
const CLIENT_SEARCH_LIMIT = 20;
const EDIT_PERMISSION = 'contractor:edit';

/** Who is asking: staff (every client) or a client user bound to their business current client. */
type Caller = { principal: Principal; scope: ContractorScope };

export type ContractorsService = ReturnType<typeof createContractorsService>;

export function createContractorsService({
  db,
  contractors,
  users,
  audit,
  fieldCrypto,
  payments,
  now = () => new Date(),
}: {
  db: Db;
  contractors: ContractorsRepository;
  users: UsersRepository;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  payments: PaymentsService;
  /** The clock the tax year is read from; tests pin it. */
  now?: () => Date;
}) {
  /**
   * Client users act for their current client, which must be a business they own or actively
   * collaborate on (spec 01 §2.2/§2.4): otherwise the whole feature is unavailable to them (403).
   */
  async function callerOf(principal: Principal): Promise<Caller> {
    const scope = await contractorScopeOf(principal, contractors);
    if (!scope) throw new ForbiddenError('The 1099 Form is available for business clients only.');
    return { principal, scope };
  }

  function filtersOf(
    query: ListContractorsQuery | ExportContractorsQuery,
    caller: Caller,
  ): ContractorFilterValues & { scope: ContractorScope } {
    return {
      scope: caller.scope,
      clientId: caller.scope.clientId ?? query.clientId,
      taxYear: query.year ?? currentTaxYear(now()),
      businessNameOrFullName: query.businessNameOrFullName,
      contractorType: query.contractorType,
      isPaid: query.isPaid,
      isCompleted: caller.principal.isClient ? undefined : query.isCompleted,
    };
  }

  function maskedNumber(row: Pick<ContractorRow, 'contractorType' | 'identificationNumberLast4'>): string {
    const masked =
      row.contractorType === CONTRACTOR_TYPE.business
        ? maskTin(row.identificationNumberLast4)
        : maskSsn(row.identificationNumberLast4);
    return masked ?? '';
  }

  function base(row: ContractorRow) {
    return {
      id: row.id,
      version: row.version,
      contractorType: contractorTypeDto(row.contractorType as ContractorType),
      businessName: row.businessName,
      firstName: row.firstName,
      lastName: row.lastName,
      fullName: row.fullName,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: row.city,
      stateId: row.stateId,
      stateName: row.stateName,
      zipCode: row.zipCode,
      totalPayment: centsToDollars(row.totalPaymentCents),
      serviceFee: centsToDollars(row.serviceFeeCents),
      isPaid: row.isPaid,
      isCompleted: row.isCompleted,
      client: { id: row.clientId, name: row.clientName },
      taxYear: row.taxYear,
    };
  }

  function toListItem(row: ContractorRow): ContractorListItemDto {
    return { ...base(row), identificationNumber: maskedNumber(row) };
  }

  /** The stored EIN keeps its dash; an SSN/ITIN is stored as nine digits and shown as ###-##-####. */
  function fullNumber(row: ContractorRow): string {
    const plain = fieldCrypto.decrypt(row.identificationNumberEncrypted);
    if (row.contractorType === CONTRACTOR_TYPE.business) return plain;
    return `${plain.slice(0, 3)}-${plain.slice(3, 5)}-${plain.slice(5)}`;
  }

  async function findInScope(id: number, caller: Caller, type?: ContractorType): Promise<ContractorRow> {
    const row = await contractors.findById(id, caller.scope);
    if (!row || (type !== undefined && row.contractorType !== type)) throw contractorNotFound();
    return row;
  }

  /** Edit and delete: only the current tax year's unpaid contractors. */
  function assertChangeable(row: ContractorRow): void {
    if (row.isPaid) {
      throw new AppError(409, CONTRACTOR_ERROR.paid, 'A paid contractor can no longer be edited or deleted.');
    }
    if (row.taxYear !== currentTaxYear(now())) {
      throw new AppError(
        409,
        CONTRACTOR_ERROR.notCurrentTaxYear,
        'Only contractors of the current tax year can be edited or deleted.',
      );
    }
  }

  function writable(input: BusinessContractorForm | IndividualContractorForm): ContractorWritable {
    const business = 'businessName' in input;
    const number = business
      ? input.employerIdentificationNumber
      : digitsOnly(input.socialSecurityNumberOrTaxpayerIdentificationNumber);
    return {
      businessName: business ? input.businessName : null,
      firstName: business ? null : input.firstName,
      lastName: business ? null : input.lastName,
      identificationNumberEncrypted: fieldCrypto.encrypt(number),
      identificationNumberLast4: digitsOnly(number).slice(-4),
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      city: input.city,
      stateId: input.stateId,
      zipCode: input.zipCode,
      totalPaymentCents: dollarsToCents(input.totalPayment),
    };
  }

  /** A state id that does not exist is a field error, not a database error. */
  function rethrowUnknownState(error: unknown): never {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23503' && constraint?.includes('state')) {
      throw new BadRequestError('Invalid input.', undefined, [{ path: 'stateId', message: 'Unknown state.' }]);
    }
    throw error;
  }

  async function reload(id: number, scope: ContractorScope): Promise<ContractorListItemDto> {
    const row = await contractors.findById(id, scope);
    return toListItem(row!);
  }

  return {
    async list(query: ListContractorsQuery, principal: Principal): Promise<ContractorListDto> {
      const caller = await callerOf(principal);
      const filters = filtersOf(query, caller);
      const [rows, totalCount, summary] = await Promise.all([
        contractors.findPage(filters, query, { limit: query.limit, offset: query.offset }),
        contractors.count(filters),
        contractors.payableSummary(filters.scope, filters),
      ]);
      return {
        items: rows.map(toListItem),
        totalCount,
        totalUnpaidServiceFee: centsToDollars(summary.unpaidFeeCents),
        hasAnyItemWithZeroTotalPayment: summary.anyZeroTotal,
      };
    },

    async getBusiness(id: number, principal: Principal): Promise<BusinessContractorDto> {
      const caller = await callerOf(principal);
      const row = await findInScope(id, caller, CONTRACTOR_TYPE.business);
      const revealed = hasPermission(principal.permissions, EDIT_PERMISSION);
      return {
        ...base(row),
        employerIdentificationNumber: revealed ? fullNumber(row) : maskedNumber(row),
        isIdentificationNumberRevealed: revealed,
      };
    },

    async getIndividual(id: number, principal: Principal): Promise<IndividualContractorDto> {
      const caller = await callerOf(principal);
      const row = await findInScope(id, caller, CONTRACTOR_TYPE.individual);
      const revealed = hasPermission(principal.permissions, EDIT_PERMISSION);
      return {
        ...base(row),
        socialSecurityNumberOrTaxpayerIdentificationNumber: revealed ? fullNumber(row) : maskedNumber(row),
        isIdentificationNumberRevealed: revealed,
      };
    },

    async insert(
      input: ContractorInput,
      principal: Principal,
      context: RequestContext,
    ): Promise<ContractorListItemDto> {
      const caller = await callerOf(principal);
      let clientId = caller.scope.clientId;
      if (clientId === null) {
        if (input.clientId === undefined) {
          throw new BadRequestError('Invalid input.', undefined, [
            { path: 'clientId', message: 'This field is required' },
          ]);
        }
        const client = await contractors.findClient(input.clientId, caller.scope);
        if (!client) throw new NotFoundError('Client not found.');
        if (client.clientType !== CLIENT_TYPE.business) {
          throw new BadRequestError('Contractors belong to business clients only.', CONTRACTOR_ERROR.notBusinessClient);
        }
        clientId = client.id;
      }
      const id = await db
        .transaction(async (tx) => {
          await contractors.lockClient(clientId, caller.scope, tx);
          const newId = await contractors.insert(
            {
              ...writable(input),
              clientId: clientId,
              taxYear: currentTaxYear(now()),
              contractorType: input.contractorType,
              serviceFeeCents: CONTRACTOR_SERVICE_FEE_CENTS,
              createdByUserId: principal.userId,
            },
            tx,
          );
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.contractorCreated,
              actorUserId: principal.userId,
              objectType: 'contractor',
              objectId: newId,
              clientId,
              details: { contractorType: input.contractorType },
            },
            tx,
          );
          // The unpaid total grew: an intent opened for the old total must not be paid any more.
          await settleOpenPayments(clientId, caller.scope, context, tx);
          return newId;
        })
        .catch(rethrowUnknownState);
      return reload(id, caller.scope);
    },

    async edit(
      id: number,
      type: ContractorType,
      input: BusinessContractorForm | IndividualContractorForm,
      principal: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<ContractorListItemDto> {
      const caller = await callerOf(principal);
      const row = await findInScope(id, caller, type);
      assertChangeable(row);
      await db
        .transaction(async (tx) => {
          await contractors.lockClient(row.clientId, caller.scope, tx);
          // After the client's lock (the order every change of a client's contractors takes): a stale
          // If-Match answers 412 and changes nothing.
          if ((await contractors.lockVersion(id, expected, tx)) === null) throw contractorNotFound();
          if (!(await contractors.update(id, caller.scope, writable(input), tx))) throw contractorNotFound();
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.contractorUpdated,
              actorUserId: principal.userId,
              objectType: 'contractor',
              objectId: id,
              clientId: row.clientId,
            },
            tx,
          );
          // The fee was fixed when the contractor was added, so an open intent normally stays right;
          // the same check as after every change keeps the rule in one place.
          await settleOpenPayments(row.clientId, caller.scope, context, tx);
        })
        .catch(rethrowUnknownState);
      return reload(id, caller.scope);
    },

    async delete(
      id: number,
      principal: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      const caller = await callerOf(principal);
      const row = await findInScope(id, caller);
      assertChangeable(row);
      await db.transaction(async (tx) => {
        await contractors.lockClient(row.clientId, caller.scope, tx);
        // Deleted meanwhile: 404; changed meanwhile (a stale If-Match): 412, nothing deleted.
        if ((await contractors.lockVersion(id, expected, tx)) === null) throw contractorNotFound();
        // Its open intents go first: once it is deleted they would cover a contractor that no longer
        // exists. A confirmed card (processing or succeeded) is paying for it: refused.
        for (const payment of await contractors.openPayments([id], caller.scope, tx)) {
          if (!(await payments.cancel(payment.id, context, tx))) throw paymentProcessing();
        }
        if (!(await contractors.delete(id, caller.scope, tx))) throw contractorNotFound();
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.contractorDeleted,
            actorUserId: principal.userId,
            objectType: 'contractor',
            objectId: id,
            clientId: row.clientId,
            details: { name: row.fullName },
          },
          tx,
        );
        await settleOpenPayments(row.clientId, caller.scope, context, tx);
      });
    },

    async setCompleted(id: number, isCompleted: boolean, principal: Principal, context: RequestContext): Promise<void> {
      const caller = await callerOf(principal);
      const row = await findInScope(id, caller);
      if (row.isCompleted === isCompleted) return;
      await db.transaction(async (tx) => {
        if (!(await contractors.setCompleted(id, caller.scope, isCompleted, tx))) throw contractorNotFound();
        await audit.record(
          context,
          {
            action: isCompleted ? AUDIT_ACTION.contractorCompleted : AUDIT_ACTION.contractorOpened,
            actorUserId: principal.userId,
            objectType: 'contractor',
            objectId: id,
            clientId: row.clientId,
          },
          tx,
        );
      });
    },

    async businessClients(text: string | undefined, principal: Principal): Promise<ContractorClientDto[]> {
      const caller = await callerOf(principal);
      if (caller.scope.clientId !== null) {
        const own = await contractors.findClient(caller.scope.clientId, caller.scope);
        return own ? [{ id: own.id, name: own.name }] : [];
      }
      return contractors.businessClients(caller.scope, text, CLIENT_SEARCH_LIMIT);
    },

    async export(
      query: ExportContractorsQuery,
      principal: Principal,
      context: RequestContext,
    ): Promise<{ fileName: string; stream: Readable }> {
      if (principal.roles.includes(ROLE_NAME.employee)) {
        const user = await users.findById(principal.userId);
        if (!user?.isTaxEmployee) {
          throw new AppError(403, CONTRACTOR_ERROR.notTaxEmployee, 'Only employees of the tax department can export.');
        }
      }
      const caller = await callerOf(principal);
      const filters = filtersOf(query, caller);
      const sort = { sortedBy: query.sortedBy, sortedDesc: query.sortedDesc };
      const batches = await exportBatches({
        batchSize: EXPORT_BATCH_SIZE,
        read: (page) => contractors.findPage(filters, sort, page),
        map: (rows) => rows.map(toListItem),
      });
      await audit.record(context, {
        action: AUDIT_ACTION.contractorsExported,
        actorUserId: principal.userId,
        objectType: 'contractor',
        clientId: filters.clientId ?? undefined,
        details: { filters: { ...query } },
      });
      const stream = new PassThrough();
      writeContractorsWorkbook(batches, stream, { withClient: !principal.isClient }).catch((error: unknown) =>
        stream.destroy(error as Error),
      );
      return { fileName: contractorsExportFileName(filters.taxYear, now()), stream };
    },

    /**
     * createStripePaymentIntentForMyCurrentClientContractors (docs/contractors.md "Payment"):
     * 2 when the current tax year has no unpaid contractor; 3 when the card of a payment covering one
     * of them was confirmed (processing, or succeeded with the provider's event on its way); otherwise
     * 1 with the open intent for exactly the unpaid contractors and their fees (reused, or created
     * after canceling any intent that no longer matches).
     */
    async createPaymentIntent(principal: Principal, context: RequestContext): Promise<ContractorPaymentIntentResult> {
      const caller = await callerOf(principal);
      const { scope } = caller;
      const clientId = scope.clientId;
      if (clientId === null) throw new ForbiddenError('Only client users pay for their contractors.');
      const taxYear = currentTaxYear(now());
      return db.transaction(async (tx) => {
        await contractors.lockClient(clientId, scope, tx);
        const unpaid = await contractors.findUnpaid(clientId, taxYear, scope, tx);
        if (unpaid.length === 0) return noIntent(PAYMENT_INTENT_RESULT.noUnpaidContractor);
        if (unpaid.some((contractor) => contractor.totalPaymentCents === 0)) {
          throw new BadRequestError(
            'Enter the total payment of every contractor before paying.',
            CONTRACTOR_ERROR.zeroTotalPayment,
          );
        }
        const settled = await settleOpenPayments(clientId, scope, context, tx);
        if (settled.confirmed) return noIntent(PAYMENT_INTENT_RESULT.paymentInProgress);
        const ids = unpaid.map((contractor) => contractor.id);
        const amountCents = unpaid.reduce((sum, contractor) => sum + contractor.serviceFeeCents, 0);
        const reopened = settled.matching === null ? null : await payments.resume(settled.matching, tx);
        const intent =
          reopened ??
          (await payments.createIntent(
            {
              purpose: 'contractors',
              amountCents,
              description: `1099 filing service fee, tax year ${taxYear}, ${unpaid.length} contractor(s)`,
              idempotencyKey: await idempotencyKey(clientId, taxYear, ids, scope, tx),
              metadata: { clientId: String(clientId), taxYear: String(taxYear) },
              context,
              actorUserId: principal.userId,
            },
            tx,
          ));
        if (!reopened) {
          await contractors.link(ids, intent.paymentId, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.contractorsPaymentStarted,
              actorUserId: principal.userId,
              objectType: 'payment',
              objectId: intent.paymentId,
              clientId,
              details: { taxYear, contractorIds: ids, amountCents },
            },
            tx,
          );
        }
        return {
          resultType: PAYMENT_INTENT_RESULT.success,
          stripePaymentClientSecret: intent.clientSecret,
          paymentAmount: centsToDollars(amountCents),
        };
      });
    },
  };

  /**
   * Keeps the open (unpaid) intents of a client's current tax year in step with its unpaid
   * contractors, under the client's row lock: an intent covering exactly the unpaid contractors for
   * exactly their fees is kept (the newest one, if ever two), every other open intent is canceled so
   * its card form can no longer charge a stale amount. An intent whose card was already confirmed is
   * left to its provider event and reported as `confirmed`.
   */
  async function settleOpenPayments(
    clientId: number,
    scope: ContractorScope,
    context: RequestContext,
    tx: DbOrTx,
  ): Promise<{ confirmed: boolean; matching: number | null }> {
    const unpaid = await contractors.findUnpaid(clientId, currentTaxYear(now()), scope, tx);
    const ids = unpaid.map((contractor) => contractor.id).join(',');
    const amountCents = unpaid.reduce((sum, contractor) => sum + contractor.serviceFeeCents, 0);
    const open = await contractors.openPayments(
      unpaid.map((contractor) => contractor.id),
      scope,
      tx,
    );
    let confirmed = false;
    let matching: number | null = null;
    for (const payment of open.reverse()) {
      if (await payments.isConfirmed(payment.id, tx)) {
        confirmed = true;
        continue;
      }
      const exact = payment.contractorIds.join(',') === ids && payment.amountCents === amountCents;
      if (exact && matching === null) {
        matching = payment.id;
        continue;
      }
      if (!(await payments.cancel(payment.id, context, tx))) confirmed = true;
    }
    return { confirmed, matching };
  }

  /**
   * A new intent's key: the unpaid contractors and how many payments already cover any of them, so
   * a retried create (after a crash between the provider's answer and our commit) gets the
   * provider's first intent back, while a set whose earlier intent was canceled gets a fresh one.
   */
  async function idempotencyKey(
    clientId: number,
    taxYear: number,
    ids: number[],
    scope: ContractorScope,
    tx: DbOrTx,
  ): Promise<string> {
    const linked = await contractors.linkedPayments(ids, scope, tx);
    const digest = createHash('sha256').update(ids.join(',')).digest('hex').slice(0, 32);
    return `contractors:${clientId}:${taxYear}:${digest}:${linked.length}`;
  }

  /** A contractor that left the caller's scope between the check and the change (e.g. deleted meanwhile). */
  function contractorNotFound(): NotFoundError {
    return new NotFoundError('Contractor not found.');
  }

  function paymentProcessing(): AppError {
    return new AppError(
      409,
      CONTRACTOR_ERROR.paymentProcessing,
      'A payment for this contractor is already processing or has succeeded.',
    );
  }
}

function noIntent(resultType: 2 | 3): ContractorPaymentIntentResult {
  return { resultType, stripePaymentClientSecret: null, paymentAmount: null };
}
