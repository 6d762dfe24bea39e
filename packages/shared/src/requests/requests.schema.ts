import { z } from 'zod';
import { booleanQuery, idSchema, listQuerySchema, pagedSchema } from '../common/list.schema.js';
import { isBlankHtml, isRealDate } from '../announcements/announcements.schema.js';
import { DOCUMENT_VALIDATION } from '../documents/documents.schema.js';
import {
  activatedGroupIds,
  validateTagSelection,
  type TagRuleGroup,
  type TagSelectionProblem,
} from '../documents/tag-selection.js';
import { requestRemindersInputSchema, requestRemindersSchema } from './reminders.schema.js';

/**
 * Contract: requests to clients (issue 20; docs/requests.md).
 *
 * Routes (all under /api/v1):
 * - GET    /document/requests                                list (request:list)      query: listRequestsQuerySchema
 * - POST   /document/requests                                create (request:add)     body: createRequestInputSchema
 * - GET    /document/requests/:id                            details (request:list)   → requestDetailsSchema
 * - PUT    /document/requests/:id                            edit while open (request:edit) body: updateRequestInputSchema
 * - DELETE /document/requests/:id                            cancel an open request (request:delete); it stays, as cancelled,
 *                                                            with what the client sent (their uploads are ordinary documents)
 * - POST   /document/requests/:id/items/:itemId/files        upload to an item (request:respond; multipart)
 * - PUT    /document/requests/:id/items/:itemId/answer       answer (request:respond) body: answerItemInputSchema
 * - PUT    /document/requests/:id/items/:itemId/not-applicable (request:respond) body: notApplicableInputSchema
 * - PUT    /document/requests/:id/items/:itemId/accept       (request:review)
 * - PUT    /document/requests/:id/items/:itemId/return       (request:review) body: returnItemInputSchema
 * - POST   /document/requests/send-to-clients                one request per client of the Clients list's filter
 *                                                            (request:add) query: the clients list's filters
 *                                                            (exportClientsQuerySchema) body: sendRequestToClientsInputSchema
 * - POST   /document/requests/:id/remind, /document/requests/remind, GET /document/requests/:id/reminder-recipients:
 *                                                            reminders (reminders.schema.ts)
 *
 * Staff see the requests of every client; a client user those of their current client, all of them
 * as its owner and, as a collaborator, those of the services granted to them. Anything outside
 * answers 404. Every change of state answers the request's details.
 */

export const REQUEST_STATUS = { open: 1, completed: 2, cancelled: 3 } as const;
export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];
export const REQUEST_STATUS_NAME: Record<RequestStatus, string> = {
  [REQUEST_STATUS.open]: 'Open',
  [REQUEST_STATUS.completed]: 'Completed',
  [REQUEST_STATUS.cancelled]: 'Cancelled',
};

export const REQUEST_ITEM_KIND = { documents: 1, answer: 2, both: 3 } as const;
export type RequestItemKind = (typeof REQUEST_ITEM_KIND)[keyof typeof REQUEST_ITEM_KIND];
export const REQUEST_ITEM_KIND_NAME: Record<RequestItemKind, string> = {
  [REQUEST_ITEM_KIND.documents]: 'Documents',
  [REQUEST_ITEM_KIND.answer]: 'Answer',
  [REQUEST_ITEM_KIND.both]: 'Documents and answer',
};

/**
 * requested → submitted (uploaded, answered or marked not applicable) → accepted, or → returned
 * (with the firm's note) → submitted again.
 */
export const REQUEST_ITEM_STATUS = { requested: 1, submitted: 2, accepted: 3, returned: 4 } as const;
export type RequestItemStatus = (typeof REQUEST_ITEM_STATUS)[keyof typeof REQUEST_ITEM_STATUS];
export const REQUEST_ITEM_STATUS_NAME: Record<RequestItemStatus, string> = {
  [REQUEST_ITEM_STATUS.requested]: 'Requested',
  [REQUEST_ITEM_STATUS.submitted]: 'Submitted',
  [REQUEST_ITEM_STATUS.accepted]: 'Accepted',
  [REQUEST_ITEM_STATUS.returned]: 'Returned',
};

/**
 * A documents item's tags: the upload's rules, except that the groups its tags activate may be left
 * open. The client picks those when uploading (a monthly bank statement's Quarter and Year differ
 * every month), and the upload judges the whole set with `validateTagSelection`.
 */
export function requestItemTagProblems(
  groups: readonly TagRuleGroup[],
  serviceId: number,
  tagIds: readonly number[],
): TagSelectionProblem[] {
  return validateTagSelection(groups, serviceId, tagIds).filter(
    (problem) => problem.code !== DOCUMENT_VALIDATION.tagRequiredInGroup,
  );
}

/** The groups an upload to an item still needs a tag from: activated by the item's tags, not chosen. */
export function openTagGroupIds(groups: readonly TagRuleGroup[], tagIds: readonly number[]): number[] {
  const chosen = new Set(tagIds);
  return activatedGroupIds(groups, tagIds).filter(
    (groupId) => !groups.find((group) => group.id === groupId)?.tags.some((tag) => chosen.has(tag.id)),
  );
}

export function acceptsFiles(kind: RequestItemKind): boolean {
  return kind !== REQUEST_ITEM_KIND.answer;
}
export function acceptsAnswer(kind: RequestItemKind): boolean {
  return kind !== REQUEST_ITEM_KIND.documents;
}
/** The client may still act on an item: it is waiting on them or came back to them. */
export function awaitsClient(status: RequestItemStatus): boolean {
  return status === REQUEST_ITEM_STATUS.requested || status === REQUEST_ITEM_STATUS.returned;
}

export const REQUEST_LIMITS = {
  title: 200,
  itemTitle: 200,
  itemDescription: 2000,
  /** Rich-text HTML from the editor. */
  html: 100_000,
  items: 50,
  tagsPerItem: 20,
  answer: 10_000,
  reason: 2000,
  note: 2000,
} as const;

export const REQUEST_VALIDATION = {
  required: 'REQUIRED',
  invalidDate: 'INVALID_DATE',
  dueDateInPast: 'DUE_DATE_IN_PAST',
  noItems: 'NO_ITEMS',
  tagsOnAnswerItem: 'TAGS_ON_ANSWER_ITEM',
} as const;

/** Error codes of the state rules (409 unless noted). */
export const REQUEST_ERROR = {
  /** The request is completed or cancelled: nothing on it changes any more. */
  notOpen: 'REQUEST_NOT_OPEN',
  /** Accept or return on an item the client has not submitted. */
  itemNotSubmitted: 'REQUEST_ITEM_NOT_SUBMITTED',
  /** Upload, answer or not applicable on an item already submitted or accepted. */
  itemNotAwaitingClient: 'REQUEST_ITEM_NOT_AWAITING_CLIENT',
  /** 400: a file for an answer-only item, an answer for a documents-only item. */
  wrongKind: 'REQUEST_ITEM_WRONG_KIND',
  /** An edit removes an item the client has already responded to. */
  itemHasResponse: 'REQUEST_ITEM_HAS_RESPONSE',
  /** 400: the Clients filter matches more clients than one send may reach (REQUEST_BULK_LIMIT). */
  tooManyClients: 'REQUEST_TOO_MANY_CLIENTS',
  /** 400: no client of the filter uses the request's service. */
  noClientUsesService: 'REQUEST_NO_CLIENT_USES_SERVICE',
} as const;

/** The most clients one send from the Clients list reaches: the requests are made in one transaction. */
export const REQUEST_BULK_LIMIT = 500;

/** Today's date (YYYY-MM-DD) in an IANA time zone: a due date is a day in the firm's zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The hour (0-23) of `now` on the clock of an IANA time zone (2:30 a.m. is 2; daylight saving included). */
export function hourIn(timeZone: string, now: Date = new Date()): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' })
    .formatToParts(now)
    .find((part) => part.type === 'hour')!.value;
  return Number(hour) % 24;
}

/** `date` plus `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Overdue from the day after the due date, in the firm's zone; only while the request is open. */
export function isOverdue(dueDate: string, status: RequestStatus, today: string): boolean {
  return status === REQUEST_STATUS.open && dueDate < today;
}

const dueDateSchema = z.string().trim().refine(isRealDate, REQUEST_VALIDATION.invalidDate);

const optionalHtml = z
  .union([z.string().max(REQUEST_LIMITS.html), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null || isBlankHtml(value) ? null : value));

const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((value) => (value ? value : null));

const itemKindSchema = z.union([
  z.literal(REQUEST_ITEM_KIND.documents),
  z.literal(REQUEST_ITEM_KIND.answer),
  z.literal(REQUEST_ITEM_KIND.both),
]);

export const requestItemInputSchema = z
  .object({
    /** An existing item's id on an edit; absent for a new item. */
    id: idSchema.optional(),
    title: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.itemTitle),
    description: optionalText(REQUEST_LIMITS.itemDescription),
    kind: itemKindSchema,
    /** The tags an upload to the item gets (the upload's tag rules); none for an answer-only item. */
    tagIds: z.array(idSchema).max(REQUEST_LIMITS.tagsPerItem).default([]),
  })
  .refine((item) => acceptsFiles(item.kind) || item.tagIds.length === 0, {
    message: REQUEST_VALIDATION.tagsOnAnswerItem,
    path: ['tagIds'],
  });
export type RequestItemInput = z.input<typeof requestItemInputSchema>;
export type RequestItemData = z.output<typeof requestItemInputSchema>;

const itemsSchema = z.array(requestItemInputSchema).min(1, REQUEST_VALIDATION.noItems).max(REQUEST_LIMITS.items);

/** The due date must not be before today in the firm's zone; the server checks that (it knows the zone). */
export const createRequestInputSchema = z.object({
  clientId: idSchema,
  serviceId: idSchema,
  title: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.title),
  description: optionalHtml,
  dueDate: dueDateSchema,
  /** The template it was made from, kept for the record. */
  templateId: idSchema.optional(),
  items: itemsSchema,
  /** Left out: on, with the firm's cadence. */
  reminders: requestRemindersInputSchema.optional(),
});
export type CreateRequestInput = z.input<typeof createRequestInputSchema>;
export type CreateRequestData = z.output<typeof createRequestInputSchema>;

/**
 * The same request to every client of the Clients list's filter (the filter comes in the query
 * string, as for the bulk e-mail): one request per client that uses the service; the others are
 * counted as skipped. All or nothing: one transaction.
 */
export const sendRequestToClientsInputSchema = createRequestInputSchema.omit({ clientId: true });
export type SendRequestToClientsInput = z.input<typeof sendRequestToClientsInputSchema>;
export type SendRequestToClientsData = z.output<typeof sendRequestToClientsInputSchema>;
export const sendRequestToClientsResultSchema = z.object({
  created: z.number().int(),
  /** Clients of the filter that do not use the request's service (or are inactive). */
  skipped: z.number().int(),
});
export type SendRequestToClientsResult = z.infer<typeof sendRequestToClientsResultSchema>;

/**
 * An edit while the request is open: the items in their new order. An item with an `id` keeps its
 * status and what the client sent; an item without one is new; an item left out is removed, which
 * is refused (409 REQUEST_ITEM_HAS_RESPONSE) once the client has responded to it. The client and
 * service do not change (the client's uploads are filed under them).
 */
export const updateRequestInputSchema = z.object({
  title: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.title),
  description: optionalHtml,
  dueDate: dueDateSchema,
  items: itemsSchema,
  /** Left out: as they were. */
  reminders: requestRemindersInputSchema.optional(),
});
export type UpdateRequestInput = z.input<typeof updateRequestInputSchema>;
export type UpdateRequestData = z.output<typeof updateRequestInputSchema>;

export const answerItemInputSchema = z.object({
  answer: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.answer),
});
export type AnswerItemInput = z.infer<typeof answerItemInputSchema>;

export const notApplicableInputSchema = z.object({
  reason: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.reason),
});
export type NotApplicableInput = z.infer<typeof notApplicableInputSchema>;

export const returnItemInputSchema = z.object({
  note: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.note),
});
export type ReturnItemInput = z.infer<typeof returnItemInputSchema>;

export const requestItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

export const REQUEST_SORT_FIELDS = ['dueDate', 'createdAt', 'title', 'client', 'status'] as const;

export const listRequestsQuerySchema = listQuerySchema.extend({
  sortedBy: z.enum(REQUEST_SORT_FIELDS).optional(),
  /** Staff: one client. Client users always see their current client's. */
  clientId: idSchema.optional(),
  serviceId: idSchema.optional(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .optional(),
  dueFrom: dueDateSchema.optional(),
  dueTo: dueDateSchema.optional(),
  overdue: booleanQuery.optional(),
  createdByUserId: idSchema.optional(),
  search: z.string().trim().max(REQUEST_LIMITS.title).optional(),
});
export type ListRequestsQuery = z.input<typeof listRequestsQuerySchema>;
export type ListRequestsFilters = z.output<typeof listRequestsQuerySchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

export const requestListItemSchema = z.object({
  id: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string() }),
  service: z.object({ id: z.number().int(), displayName: z.string() }),
  title: z.string(),
  dueDate: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  isOverdue: z.boolean(),
  itemCount: z.number().int(),
  /** Items accepted (as submitted or as not applicable): the list's "3 of 6". */
  acceptedCount: z.number().int(),
  /** Items waiting on the firm's review. */
  submittedCount: z.number().int(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
});
export type RequestListItem = z.infer<typeof requestListItemSchema>;
export const requestListSchema = pagedSchema(requestListItemSchema);

export const requestItemDocumentSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});

export const requestItemSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  kind: itemKindSchema,
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  tags: z.array(z.object({ id: z.number().int(), displayName: z.string(), tagGroupId: z.number().int() })),
  answer: z.string().nullable(),
  notApplicable: z.boolean(),
  notApplicableReason: z.string().nullable(),
  returnNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: personSchema.nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: personSchema.nullable(),
  documents: z.array(requestItemDocumentSchema),
});
export type RequestItem = z.infer<typeof requestItemSchema>;

export const requestDetailsSchema = requestListItemSchema.extend({
  /** The version a save sends back as `If-Match` (also the `ETag` of the GET); it moves with every change. */
  version: z.string(),
  description: z.string().nullable(),
  templateId: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  items: z.array(requestItemSchema),
  reminders: requestRemindersSchema,
});
export type RequestDetails = z.infer<typeof requestDetailsSchema>;

/**
 * Request templates (request-template:*): what the firm asks again and again.
 * - GET    /document/request-templates          list (request-template:list) query: listRequestTemplatesQuerySchema
 * - GET    /document/request-templates/:id      details (request-template:list)
 * - POST   /document/request-templates          create (request-template:add)  body: requestTemplateInputSchema
 * - PUT    /document/request-templates/:id      edit (request-template:edit)   body: requestTemplateInputSchema
 * - DELETE /document/request-templates/:id      delete (request-template:delete); 409 REQUEST_TEMPLATE_IN_USE while a schedule uses it
 * A request made from a template copies it: editing the template later changes no request.
 */
export const REQUEST_TEMPLATE_LIMITS = { name: 200, dueOffsetDays: 365 } as const;

export const REQUEST_TEMPLATE_ERROR = {
  nameTaken: 'REQUEST_TEMPLATE_NAME_TAKEN',
  inUse: 'REQUEST_TEMPLATE_IN_USE',
} as const;

export const requestTemplateInputSchema = z.object({
  name: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_TEMPLATE_LIMITS.name),
  /** The title of the requests made from it. */
  title: z.string().trim().min(1, REQUEST_VALIDATION.required).max(REQUEST_LIMITS.title),
  description: optionalHtml,
  serviceId: idSchema,
  /** A request made from it falls due this many days after it is made. */
  dueOffsetDays: z.coerce.number().int().min(0).max(REQUEST_TEMPLATE_LIMITS.dueOffsetDays),
  items: itemsSchema,
});
export type RequestTemplateInput = z.input<typeof requestTemplateInputSchema>;
export type RequestTemplateData = z.output<typeof requestTemplateInputSchema>;

export const listRequestTemplatesQuerySchema = listQuerySchema.extend({
  sortedBy: z.enum(['name', 'service', 'dueOffsetDays']).optional(),
  serviceId: idSchema.optional(),
  search: z.string().trim().max(REQUEST_TEMPLATE_LIMITS.name).optional(),
});
export type ListRequestTemplatesQuery = z.input<typeof listRequestTemplatesQuerySchema>;
export type ListRequestTemplatesFilters = z.output<typeof listRequestTemplatesQuerySchema>;

export const requestTemplateListItemSchema = z.object({
  id: z.number().int(),
  /** For If-Match on a save or delete (also the GET's ETag); the list's rows carry it too. */
  version: z.string(),
  name: z.string(),
  title: z.string(),
  service: z.object({ id: z.number().int(), displayName: z.string() }),
  dueOffsetDays: z.number().int(),
  itemCount: z.number().int(),
});
export type RequestTemplateListItem = z.infer<typeof requestTemplateListItemSchema>;
export const requestTemplateListSchema = pagedSchema(requestTemplateListItemSchema);

export const requestTemplateDetailsSchema = requestTemplateListItemSchema.extend({
  description: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      title: z.string(),
      description: z.string().nullable(),
      kind: itemKindSchema,
      tags: z.array(z.object({ id: z.number().int(), displayName: z.string(), tagGroupId: z.number().int() })),
    }),
  ),
});
export type RequestTemplateDetails = z.infer<typeof requestTemplateDetailsSchema>;

/**
 * Recurring requests (request-schedule:*): on `dayOfMonth` (1-28, so every month has it) the job
 * worker makes the month's request from the template for each client of the audience, titled
 * "<template title> - <Month> <year>" and due `dueOffsetDays` after that day; once per schedule,
 * client and month, however often the job runs or on however many workers.
 * - GET    /document/request-schedules          list (request-schedule:list)
 * - GET    /document/request-schedules/:id      details (request-schedule:list)
 * - POST   /document/request-schedules          create (request-schedule:add)   body: requestScheduleInputSchema
 * - PUT    /document/request-schedules/:id      edit (request-schedule:edit)    body: requestScheduleInputSchema
 * - DELETE /document/request-schedules/:id      delete (request-schedule:delete); requests it made stay
 */
export const REQUEST_SCHEDULE_AUDIENCE = { chosenClients: 1, serviceClients: 2 } as const;
export type RequestScheduleAudience = (typeof REQUEST_SCHEDULE_AUDIENCE)[keyof typeof REQUEST_SCHEDULE_AUDIENCE];

export const REQUEST_SCHEDULE_LIMITS = { name: 200, clients: 500 } as const;

export const REQUEST_SCHEDULE_VALIDATION = {
  required: 'REQUIRED',
  dayOfMonth: 'DAY_OF_MONTH_1_TO_28',
  clientsRequired: 'CLIENTS_REQUIRED',
  serviceRequired: 'AUDIENCE_SERVICE_REQUIRED',
} as const;

export const requestScheduleInputSchema = z
  .object({
    name: z.string().trim().min(1, REQUEST_SCHEDULE_VALIDATION.required).max(REQUEST_SCHEDULE_LIMITS.name),
    templateId: idSchema,
    dayOfMonth: z.coerce
      .number()
      .int(REQUEST_SCHEDULE_VALIDATION.dayOfMonth)
      .min(1, REQUEST_SCHEDULE_VALIDATION.dayOfMonth)
      .max(28, REQUEST_SCHEDULE_VALIDATION.dayOfMonth),
    audience: z.union([
      z.literal(REQUEST_SCHEDULE_AUDIENCE.chosenClients),
      z.literal(REQUEST_SCHEDULE_AUDIENCE.serviceClients),
    ]),
    /** The chosen clients (audience 1). */
    clientIds: z.array(idSchema).max(REQUEST_SCHEDULE_LIMITS.clients).default([]),
    /** Every active client using this service (audience 2). */
    audienceServiceId: idSchema.nullable().optional(),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    if (value.audience === REQUEST_SCHEDULE_AUDIENCE.chosenClients && value.clientIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['clientIds'], message: REQUEST_SCHEDULE_VALIDATION.clientsRequired });
    }
    if (value.audience === REQUEST_SCHEDULE_AUDIENCE.serviceClients && !value.audienceServiceId) {
      context.addIssue({
        code: 'custom',
        path: ['audienceServiceId'],
        message: REQUEST_SCHEDULE_VALIDATION.serviceRequired,
      });
    }
  });
export type RequestScheduleInput = z.input<typeof requestScheduleInputSchema>;
export type RequestScheduleData = z.output<typeof requestScheduleInputSchema>;

export const requestScheduleSchema = z.object({
  id: z.number().int(),
  /** For If-Match on a save or delete (also the GET's ETag); the list's rows carry it too. */
  version: z.string(),
  name: z.string(),
  template: z.object({ id: z.number().int(), name: z.string() }),
  dayOfMonth: z.number().int(),
  audience: z.union([z.literal(1), z.literal(2)]),
  clients: z.array(z.object({ id: z.number().int(), name: z.string() })),
  audienceService: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  isActive: z.boolean(),
  /** The month (YYYY-MM) of the latest requests it made, if any. */
  lastPeriod: z.string().nullable(),
});
export type RequestSchedule = z.infer<typeof requestScheduleSchema>;
export const requestScheduleListSchema = pagedSchema(requestScheduleSchema);

/** `YYYY-MM` → "March 2027": the period in a scheduled request's title. */
export function periodName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  const name = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${name} ${year}`;
}

/**
 * The client's To do (`GET /document/users/me/to-dos`, any signed-in user; staff get an empty list):
 * everything waiting on the signed-in client user for their current client, each linking to where
 * it is done. Request items first, soonest due first (overdue marked), then the rest.
 */
export const TO_DO_KIND = {
  requestItem: 'request-item',
  announcement: 'announcement',
  contractorFee: 'contractor-fee',
  onboarding: 'onboarding',
  /** A question about a bank transaction waiting on the client (issue 24 item 1). */
  transactionQuestion: 'transaction-question',
  /** A bank connection that needs the client to reconnect (issue 24 item 2). */
  bankConnection: 'bank-connection',
} as const;
export type ToDoKind = (typeof TO_DO_KIND)[keyof typeof TO_DO_KIND];

export const toDoSchema = z.object({
  kind: z.enum([
    TO_DO_KIND.requestItem,
    TO_DO_KIND.announcement,
    TO_DO_KIND.contractorFee,
    TO_DO_KIND.onboarding,
    TO_DO_KIND.transactionQuestion,
    TO_DO_KIND.bankConnection,
  ]),
  title: z.string(),
  /** The request an item belongs to; the amount of a fee; null otherwise. */
  detail: z.string().nullable(),
  dueDate: z.string().nullable(),
  isOverdue: z.boolean(),
  /** Where in the app it is done. */
  link: z.string(),
  requestId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  /** A request item the firm returned for revision, with its note. */
  returnNote: z.string().nullable(),
});
export type ToDo = z.infer<typeof toDoSchema>;
export const toDoListSchema = z.object({ items: z.array(toDoSchema), totalCount: z.number().int() });
export type ToDoList = z.infer<typeof toDoListSchema>;
