import {
  acceptsAnswer,
  acceptsFiles,
  awaitsClient,
  ERROR_CODE,
  isOverdue,
  NOTIFICATION_KIND,
  REQUEST_ERROR,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  REQUEST_VALIDATION,
  todayIn,
  type AnswerItemInput,
  type CreateRequestData,
  type ListRequestsFilters,
  type NotApplicableInput,
  type Paged,
  type RequestDetails,
  type RequestItemData,
  type RequestListItem,
  type ReminderCadence,
  type ReturnItemInput,
  type TagRuleGroup,
  type UpdateRequestData,
  REQUEST_BULK_LIMIT,
  type ExportClientsQuery,
  type SendRequestToClientsData,
  type SendRequestToClientsResult,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { assertCurrentVersion } from '../../lib/row-version.js';
import { AUDIT_ACTION, type AuditAction, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { clientScopeOf } from '../clients/index.js';
import type { NotificationPublisher } from '../notifications/index.js';
import { effectiveCadenceOf, ownCadenceOf, reminderColumnsOf } from './request-cadence.js';
import { checkItemTags } from './request-items.js';
import {
  requestScopeOf,
  type RequestIdInScope,
  type RequestScope,
  type RequestTargetInScope,
} from './request-scope.js';
import type { RequestFilters, RequestsRepository } from './requests.repository.js';

type Caller = Pick<Principal, 'userId' | 'isClient' | 'currentClientId'>;
type FoundRequest = NonNullable<Awaited<ReturnType<RequestsRepository['find']>>>;

/** What a notification about the request says of it (docs/notifications.md). */
function requestFacts(request: FoundRequest, actorUserId: number) {
  return {
    clientId: request.clientId,
    serviceId: request.serviceId,
    actorUserId,
    requestId: request.id,
    requestTitle: request.title,
    requestCreatorUserId: request.creatorUserId,
  };
}

function conflict(code: string, message: string): AppError {
  return new AppError(409, code, message);
}

function invalidField(field: string, message: string, code?: string): BadRequestError {
  return new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
    { in: 'body', field, message: code ?? message },
  ]);
}

export type RequestsService = ReturnType<typeof createRequestsService>;

/**
 * Requests to clients (docs/requests.md). Staff create, edit, cancel and review; the client's users
 * respond item by item. Every change of state runs in one transaction that locks the request first,
 * so two people acting on one request at once take turns, and each is audited.
 */
export function createRequestsService({
  db,
  repository,
  audit,
  fieldCrypto,
  timeZone,
  activeTagGroups,
  filteredClientIds,
  notifications,
  reminderCadence,
  now = () => new Date(),
}: {
  db: Db;
  repository: RequestsRepository;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  /** The firm's IANA zone: due dates are days there. */
  timeZone: (tx?: DbOrTx) => Promise<string>;
  /** The upload's tag rules, which an item's tags follow. */
  activeTagGroups: (tx?: DbOrTx) => Promise<TagRuleGroup[]>;
  /** The clients of the Clients list's filter the caller may see (clients module), for a send to many. */
  filteredClientIds: (query: ExportClientsQuery, caller: Principal, limit: number) => Promise<number[]>;
  /** Tells the client's people and the firm's what happened, from inside each change's transaction. */
  notifications: NotificationPublisher;
  /** The firm's default reminder cadence (its settings): what a request without its own follows. */
  reminderCadence: (tx?: DbOrTx) => Promise<ReminderCadence>;
  now?: () => Date;
}) {
  async function today(tx?: DbOrTx): Promise<string> {
    return todayIn(await timeZone(tx), now());
  }

  function listItem(row: FoundRequest | Awaited<ReturnType<RequestsRepository['list']>>['rows'][number], day: string) {
    const status = row.status as RequestListItem['status'];
    return {
      id: row.id,
      client: { id: row.clientId, name: row.clientName },
      service: { id: row.serviceId, displayName: row.serviceDisplayName },
      title: row.title,
      dueDate: row.dueDate,
      status,
      isOverdue: isOverdue(row.dueDate, status, day),
      itemCount: row.itemCount,
      acceptedCount: row.acceptedCount,
      submittedCount: row.submittedCount,
      createdBy:
        row.creatorUserId === null || row.creatorName === null
          ? null
          : { id: row.creatorUserId, name: row.creatorName },
      createdAt: row.createdAt.toISOString(),
    } satisfies RequestListItem;
  }

  async function detailsOf(request: FoundRequest, tx: DbOrTx = db): Promise<RequestDetails> {
    const [items, day, firmCadence, reminded] = await Promise.all([
      repository.items(request.id, tx),
      today(tx),
      reminderCadence(tx),
      repository.reminderStats(request.id, tx),
    ]);
    return {
      ...listItem(request, day),
      description: request.description,
      templateId: request.templateId,
      version: request.version,
      completedAt: request.completedAt?.toISOString() ?? null,
      cancelledAt: request.cancelledAt?.toISOString() ?? null,
      items: items.map((item) => ({
        id: item.id,
        position: item.position,
        title: item.title,
        description: item.description,
        kind: item.kind,
        status: item.status,
        tags: item.tags.map(({ id, displayName, tagGroupId }) => ({ id, displayName, tagGroupId })),
        answer: item.answerEncrypted === null ? null : fieldCrypto.decrypt(item.answerEncrypted),
        notApplicable: item.notApplicable,
        notApplicableReason: item.notApplicableReason,
        returnNote: item.returnNote,
        submittedAt: item.submittedAt?.toISOString() ?? null,
        submittedBy:
          item.submittedByUserId === null || item.submittedByName === null
            ? null
            : { id: item.submittedByUserId, name: item.submittedByName },
        reviewedAt: item.reviewedAt?.toISOString() ?? null,
        reviewedBy:
          item.reviewedByUserId === null || item.reviewedByName === null
            ? null
            : { id: item.reviewedByUserId, name: item.reviewedByName },
        documents: item.documents.map(({ id, displayName, fileName, contentType, size, createdAt }) => ({
          id,
          displayName,
          fileName,
          contentType,
          size,
          createdAt: createdAt.toISOString(),
        })),
      })),
      reminders: {
        enabled: request.remindersEnabled,
        cadence: ownCadenceOf(request, firmCadence),
        effective: effectiveCadenceOf(request, firmCadence),
        sentCount: reminded.sentCount,
        lastSentAt: reminded.lastSentAt?.toISOString() ?? null,
      },
    };
  }

  async function findOrThrow(scope: RequestScope, id: number, tx: DbOrTx, forUpdate = false): Promise<FoundRequest> {
    const request = await repository.find(scope, id, tx, forUpdate);
    if (!request) throw new NotFoundError('Request not found.');
    return request;
  }

  function requireStaff(caller: Caller): void {
    if (caller.isClient) throw new ForbiddenError('Only the firm does this.');
  }

  function requireOpen(request: FoundRequest): void {
    if (request.status !== REQUEST_STATUS.open) {
      throw conflict(REQUEST_ERROR.notOpen, 'This request is no longer open.');
    }
  }

  async function checkTags(items: readonly RequestItemData[], serviceId: number, tx: DbOrTx): Promise<void> {
    checkItemTags(await activeTagGroups(tx), items, serviceId);
  }

  async function checkDueDate(dueDate: string, tx: DbOrTx): Promise<void> {
    if (dueDate < (await today(tx))) {
      throw invalidField('dueDate', 'The due date is in the past.', REQUEST_VALIDATION.dueDateInPast);
    }
  }

  async function record(
    caller: Caller,
    context: RequestContext,
    action: AuditAction,
    request: FoundRequest | { id: number; clientId: number },
    details: Record<string, unknown>,
    tx: DbOrTx,
  ): Promise<void> {
    await audit.record(
      context,
      {
        action,
        actorUserId: caller.userId,
        objectType: 'request',
        objectId: request.id,
        clientId: request.clientId,
        details,
      },
      tx,
    );
  }

  /**
   * A client's response to one item (upload, answer, not applicable): the item must be waiting on
   * them, and of a kind that takes it. `apply` writes the response within the caller's transaction.
   */
  async function respond(
    caller: Caller,
    context: RequestContext,
    id: number,
    itemId: number,
    check: (item: Awaited<ReturnType<RequestsRepository['items']>>[number]) => void,
    apply: (request: FoundRequest, tx: DbOrTx) => Promise<{ action: AuditAction; details: Record<string, unknown> }>,
  ): Promise<RequestDetails> {
    if (!caller.isClient) throw new ForbiddenError('Only the client responds to a request.');
    return db.transaction(async (tx) => {
      const request = await findOrThrow(requestScopeOf(caller), id, tx, true);
      const item = (await repository.items(request.id, tx)).find((candidate) => candidate.id === itemId);
      if (!item) throw new NotFoundError('Request item not found.');
      requireOpen(request);
      if (!awaitsClient(item.status)) {
        throw conflict(REQUEST_ERROR.itemNotAwaitingClient, 'This item is not waiting on you.');
      }
      check(item);
      const { action, details } = await apply(request, tx);
      await record(caller, context, action, request, { itemId, ...details }, tx);
      const facts = { ...requestFacts(request, caller.userId), itemId, itemTitle: item.title };
      await notifications.publish(
        action === AUDIT_ACTION.requestItemNotApplicable
          ? { kind: NOTIFICATION_KIND.requestItemNotApplicable, ...facts }
          : { kind: NOTIFICATION_KIND.requestItemSubmitted, ...facts, fileCount: null },
        tx,
      );
      return detailsOf((await repository.find(requestScopeOf(caller), id, tx))!, tx);
    });
  }

  function submission(caller: Caller) {
    return {
      status: REQUEST_ITEM_STATUS.submitted,
      submittedAt: now(),
      submittedByUserId: caller.userId,
      reviewedAt: null,
      reviewedByUserId: null,
    } as const;
  }

  /** The firm's review of one submitted item; the request completes with its last accepted item. */
  async function review(
    caller: Caller,
    context: RequestContext,
    id: number,
    itemId: number,
    outcome: { accepted: true } | { accepted: false; note: string },
  ): Promise<RequestDetails> {
    requireStaff(caller);
    return db.transaction(async (tx) => {
      const scope = requestScopeOf(caller);
      const request = await findOrThrow(scope, id, tx, true);
      const item = (await repository.items(request.id, tx)).find((candidate) => candidate.id === itemId);
      if (!item) throw new NotFoundError('Request item not found.');
      requireOpen(request);
      if (item.status !== REQUEST_ITEM_STATUS.submitted) {
        throw conflict(REQUEST_ERROR.itemNotSubmitted, 'The client has not submitted this item.');
      }
      const reviewed = { reviewedAt: now(), reviewedByUserId: caller.userId };
      await repository.updateItem(
        request.id,
        itemId,
        [REQUEST_ITEM_STATUS.submitted],
        outcome.accepted
          ? { status: REQUEST_ITEM_STATUS.accepted, ...reviewed }
          : { status: REQUEST_ITEM_STATUS.returned, returnNote: outcome.note, ...reviewed },
        tx,
      );
      await record(
        caller,
        context,
        outcome.accepted ? AUDIT_ACTION.requestItemAccepted : AUDIT_ACTION.requestItemReturned,
        request,
        { itemId, ...(outcome.accepted ? { notApplicable: item.notApplicable } : {}) },
        tx,
      );
      if (!outcome.accepted) {
        await notifications.publish(
          {
            kind: NOTIFICATION_KIND.requestItemReturned,
            ...requestFacts(request, caller.userId),
            itemId,
            itemTitle: item.title,
          },
          tx,
        );
      }
      if (outcome.accepted && (await repository.allItemsAccepted(request.id, tx))) {
        await repository.setStatus(request.id, REQUEST_STATUS.completed, tx);
        await record(caller, context, AUDIT_ACTION.requestCompleted, request, {}, tx);
        await notifications.publish(
          { kind: NOTIFICATION_KIND.requestCompleted, ...requestFacts(request, caller.userId) },
          tx,
        );
      }
      return detailsOf((await repository.find(scope, id, tx))!, tx);
    });
  }

  async function insertRequest(
    caller: Caller,
    context: RequestContext,
    target: RequestTargetInScope,
    input: CreateRequestData,
    tx: DbOrTx,
  ): Promise<FoundRequest> {
    const id = await repository.insert(
      target,
      {
        title: input.title,
        description: input.description === null ? null : sanitizeRichText(input.description),
        dueDate: input.dueDate,
        creatorUserId: caller.userId,
        templateId: input.templateId ?? null,
        reminders: input.reminders === undefined ? undefined : reminderColumnsOf(input.reminders),
      },
      input.items,
      tx,
    );
    const request = await findOrThrow(requestScopeOf(caller), id!, tx);
    await record(
      caller,
      context,
      AUDIT_ACTION.requestCreated,
      request,
      { title: input.title, dueDate: input.dueDate, itemCount: input.items.length },
      tx,
    );
    await notifications.publish(
      { kind: NOTIFICATION_KIND.requestCreated, ...requestFacts(request, caller.userId) },
      tx,
    );
    return request;
  }

  return {
    async list(caller: Caller, query: ListRequestsFilters): Promise<Paged<RequestListItem>> {
      const scope = requestScopeOf(caller);
      const day = await today();
      const filters: RequestFilters = { ...query, clientId: caller.isClient ? undefined : query.clientId };
      const { rows, totalCount } = await repository.list(scope, filters, day);
      return { items: rows.map((row) => listItem(row, day)), totalCount };
    },

    async details(caller: Caller, id: number): Promise<RequestDetails> {
      return detailsOf(await findOrThrow(requestScopeOf(caller), id, db));
    },

    async create(caller: Caller, context: RequestContext, input: CreateRequestData): Promise<RequestDetails> {
      requireStaff(caller);
      return db.transaction(async (tx) => {
        const { target, clientFound } = await repository.findTarget(
          input.clientId,
          input.serviceId,
          clientScopeOf(caller),
          tx,
        );
        if (!clientFound) throw new NotFoundError('Client not found.');
        if (!target) throw invalidField('serviceId', 'The service is not one of the client’s active services.');
        await checkDueDate(input.dueDate, tx);
        await checkTags(input.items, input.serviceId, tx);
        const request = await insertRequest(caller, context, target, input, tx);
        return detailsOf(request, tx);
      });
    },

    /**
     * One request per client of the Clients list's filter that uses the service, in one transaction:
     * a failure leaves no client with the request. Clients without the service are counted, not refused.
     */
    async sendToClients(
      caller: Principal,
      context: RequestContext,
      clientsQuery: ExportClientsQuery,
      input: SendRequestToClientsData,
    ): Promise<SendRequestToClientsResult> {
      requireStaff(caller);
      const ids = await filteredClientIds(clientsQuery, caller, REQUEST_BULK_LIMIT + 1);
      if (ids.length > REQUEST_BULK_LIMIT) {
        throw new BadRequestError(
          `The filter matches more than ${REQUEST_BULK_LIMIT} clients; narrow it and send again.`,
          REQUEST_ERROR.tooManyClients,
        );
      }
      return db.transaction(async (tx) => {
        await checkDueDate(input.dueDate, tx);
        await checkTags(input.items, input.serviceId, tx);
        let created = 0;
        for (const clientId of ids) {
          const { target } = await repository.findTarget(clientId, input.serviceId, clientScopeOf(caller), tx);
          if (!target) continue;
          await insertRequest(caller, context, target, { ...input, clientId }, tx);
          created += 1;
        }
        if (created === 0) {
          throw new BadRequestError('No client of the filter uses this service.', REQUEST_ERROR.noClientUsesService);
        }
        return { created, skipped: ids.length - created };
      });
    },

    async update(
      caller: Caller,
      context: RequestContext,
      id: number,
      input: UpdateRequestData,
      expected: string[] | null = null,
    ): Promise<RequestDetails> {
      requireStaff(caller);
      return db.transaction(async (tx) => {
        const scope = requestScopeOf(caller);
        const request = await findOrThrow(scope, id, tx, true);
        await assertCurrentVersion(tx, { current: request.version, expected, objectType: 'request', objectId: id });
        requireOpen(request);
        const current = await repository.items(request.id, tx);
        const keptIds = new Set(input.items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
        for (const itemId of keptIds) {
          if (!current.some((item) => item.id === itemId)) throw new NotFoundError('Request item not found.');
        }
        const removedWithResponse = current.filter(
          (item) => !keptIds.has(item.id) && item.status !== REQUEST_ITEM_STATUS.requested,
        );
        if (removedWithResponse.length > 0) {
          throw conflict(
            REQUEST_ERROR.itemHasResponse,
            `The client has already responded to "${removedWithResponse[0]!.title}": it cannot be removed.`,
          );
        }
        if (input.dueDate !== request.dueDate) await checkDueDate(input.dueDate, tx);
        await checkTags(input.items, request.serviceId, tx);
        await repository.update(
          request.id,
          {
            title: input.title,
            description: input.description === null ? null : sanitizeRichText(input.description),
            dueDate: input.dueDate,
            reminders: input.reminders === undefined ? undefined : reminderColumnsOf(input.reminders),
          },
          tx,
        );
        await repository.replaceItems(request.id, input.items, tx);
        await record(
          caller,
          context,
          AUDIT_ACTION.requestUpdated,
          request,
          {
            title: input.title,
            dueDate: input.dueDate,
            itemCount: input.items.length,
            ...(input.reminders === undefined ? {} : { reminders: input.reminders }),
          },
          tx,
        );
        // An edit that removed the last item waiting on the client completes the request.
        if (await repository.allItemsAccepted(request.id, tx)) {
          await repository.setStatus(request.id, REQUEST_STATUS.completed, tx);
          await record(caller, context, AUDIT_ACTION.requestCompleted, request, {}, tx);
          await notifications.publish(
            {
              kind: NOTIFICATION_KIND.requestCompleted,
              ...requestFacts(request, caller.userId),
              requestTitle: input.title,
            },
            tx,
          );
        }
        return detailsOf((await repository.find(scope, id, tx))!, tx);
      });
    },

    async cancel(caller: Caller, context: RequestContext, id: number, expected: string[] | null = null): Promise<void> {
      requireStaff(caller);
      await db.transaction(async (tx) => {
        const request = await findOrThrow(requestScopeOf(caller), id, tx, true);
        await assertCurrentVersion(tx, { current: request.version, expected, objectType: 'request', objectId: id });
        requireOpen(request);
        await repository.setStatus(request.id, REQUEST_STATUS.cancelled, tx);
        await record(caller, context, AUDIT_ACTION.requestCancelled, request, { title: request.title }, tx);
      });
    },

    answer(caller: Caller, context: RequestContext, id: number, itemId: number, input: AnswerItemInput) {
      return respond(
        caller,
        context,
        id,
        itemId,
        (item) => {
          if (!acceptsAnswer(item.kind)) {
            throw new BadRequestError('This item asks for documents, not an answer.', REQUEST_ERROR.wrongKind);
          }
        },
        async (request, tx) => {
          await repository.updateItem(
            request.id,
            itemId,
            [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned],
            {
              ...submission(caller),
              answerEncrypted: fieldCrypto.encrypt(input.answer),
              notApplicable: false,
              notApplicableReason: null,
            },
            tx,
          );
          // The answer itself stays out of the audit trail: it may hold numbers the firm keeps encrypted.
          return { action: AUDIT_ACTION.requestItemAnswered, details: { length: input.answer.length } };
        },
      );
    },

    notApplicable(caller: Caller, context: RequestContext, id: number, itemId: number, input: NotApplicableInput) {
      return respond(
        caller,
        context,
        id,
        itemId,
        () => undefined,
        async (request, tx) => {
          await repository.updateItem(
            request.id,
            itemId,
            [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned],
            { ...submission(caller), notApplicable: true, notApplicableReason: input.reason },
            tx,
          );
          // Like an answer, the reason is the client's own words: the trail keeps its length only.
          return { action: AUDIT_ACTION.requestItemNotApplicable, details: { length: input.reason.length } };
        },
      );
    },

    /**
     * After the files of an upload to an item are stored and filed as documents (within `tx`): the
     * item counts as submitted. Called by the upload path, which has checked the item already.
     */
    async markUploaded(
      caller: Caller,
      context: RequestContext,
      request: { id: RequestIdInScope; clientId: number },
      itemId: number,
      documentIds: readonly number[],
      tx: DbOrTx,
    ): Promise<void> {
      // Checked again under the request's lock: the files streamed in while someone else may have
      // cancelled the request or the client answered the item from another tab. Throwing here rolls
      // the documents back, and the upload removes the files it stored.
      const locked = await findOrThrow(requestScopeOf(caller), request.id, tx, true);
      requireOpen(locked);
      const submitted = await repository.updateItem(
        request.id,
        itemId,
        [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned],
        { ...submission(caller), notApplicable: false, notApplicableReason: null },
        tx,
      );
      if (!submitted) throw conflict(REQUEST_ERROR.itemNotAwaitingClient, 'This item is not waiting on you.');
      await record(caller, context, AUDIT_ACTION.requestItemUploaded, request, { itemId, documentIds }, tx);
      const item = (await repository.items(request.id, tx)).find((candidate) => candidate.id === itemId);
      await notifications.publish(
        {
          kind: NOTIFICATION_KIND.requestItemSubmitted,
          ...requestFacts(locked, caller.userId),
          itemId,
          itemTitle: item?.title ?? '',
          fileCount: documentIds.length,
        },
        tx,
      );
    },

    /** Checks that the caller may upload to this item now, for the upload path (before any byte is stored). */
    async uploadTarget(caller: Caller, id: number, itemId: number, tx: DbOrTx = db) {
      if (!caller.isClient) throw new ForbiddenError('Only the client responds to a request.');
      const request = await findOrThrow(requestScopeOf(caller), id, tx);
      const item = (await repository.items(request.id, tx)).find((candidate) => candidate.id === itemId);
      if (!item) throw new NotFoundError('Request item not found.');
      requireOpen(request);
      if (!awaitsClient(item.status)) {
        throw conflict(REQUEST_ERROR.itemNotAwaitingClient, 'This item is not waiting on you.');
      }
      if (!acceptsFiles(item.kind)) {
        throw new BadRequestError('This item asks for an answer, not documents.', REQUEST_ERROR.wrongKind);
      }
      return { request, item: { id: item.id, tagIds: item.tags.map((tag) => tag.id) } };
    },

    accept(caller: Caller, context: RequestContext, id: number, itemId: number) {
      return review(caller, context, id, itemId, { accepted: true });
    },

    returnItem(caller: Caller, context: RequestContext, id: number, itemId: number, input: ReturnItemInput) {
      return review(caller, context, id, itemId, { accepted: false, note: input.note });
    },
  };
}
