import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACTOR_TYPE,
  DOCUMENT_STATUS,
  NOTIFICATION_KIND,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
} from '@ledgerport/shared';
import {
  announcementAcknowledgements,
  bankAccounts,
  bankInstitutions,
  bankTransactions,
  bookkeepingRecords,
  clientCollaboratorServices,
  clientCollaborators,
  clients,
  clientServices,
  contractors,
  conversationMessages,
  conversationReads,
  conversations,
  documentComments,
  documentShares,
  documents,
  notifications,
  requestItems,
  requests,
  services,
  sessions,
  tags,
  transactionQuestions,
  users,
} from '../db/schema/index.js';
import { createAnnouncement } from '../modules/announcements/__tests__/announcement-factory.js';
import { createCompany } from '../modules/companies/__tests__/companies-factory.js';
import { businessBody, insertContractor, stateId } from '../modules/contractors/__tests__/contractors-fixtures.js';
import { multipartBody, otherDocumentsTagId } from '../modules/documents/__tests__/multipart.js';
import { insertLead } from '../modules/onboarding/__tests__/onboarding-helpers.js';
import { insertConversation } from '../modules/messages/__tests__/messages-fixtures.js';
import { insertRequest } from '../modules/requests/__tests__/requests-fixtures.js';
import {
  setUpMatrixWorld,
  type MatrixRow,
  type MatrixWorld,
  type SignedInActor,
} from '../testing/authorization-matrix.js';
import { createDocument, pdfBytes } from '../testing/documents-factories.js';
import { isStreamRoute } from '../testing/streams.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Swapped ids: every route that takes the id of an object in the path, the query string or the body
 * is called by someone outside that object's scope with client A's objects in it. It must refuse
 * (404 out of scope, 403 when the permission gate stops the caller first), leak nothing of A, change
 * nothing of A, and answer exactly as it does for an id that does not exist (no existence oracle).
 * The routes and their id slots come from the OpenAPI document, which Fastify builds from the
 * registered routes' schemas: a new route with an id slot and no case here fails the coverage test.
 */

/** The objects a case puts in its request: client A's (the real run) or ids that exist nowhere. */
interface Objects {
  clientId: number;
  ownerUserId: number;
  collaboratorUserId: number;
  /** A Tax document uploaded by A's side (granted to collaboratorA). */
  documentId: number;
  /** A Tax document the firm uploaded for A (A's "Received"). */
  firmDocumentId: number;
  /** A Bookkeeping document of A: a service not granted to collaboratorA. */
  ungrantedDocumentId: number;
  shareId: number;
  contractorId: number;
  individualContractorId: number;
  institutionId: number;
  accountId: number;
  sessionId: string;
  bookkeepingId: number;
  companyId: number;
  organizerId: number;
  leadId: number;
  /** A Tax request to A with an answer item, a documents item and an item A has submitted. */
  requestId: number;
  requestAnswerItemId: number;
  requestFilesItemId: number;
  /** A notification of A's owner about A. */
  notificationId: number;
  /** A conversation of A, started by its owner, and its first message. */
  conversationId: number;
  conversationMessageId: number;
  /** A question waiting on A about A's transaction, and that transaction. */
  transactionId: number;
  questionId: number;
}

/** Client B's own objects, for cases that pair the caller's own object with one of A's. */
interface Own {
  clientB: number;
  documentB: number;
  firmDocumentB: number;
  taxServiceId: number;
  bookkeepingServiceId: number;
  letterTagId: number;
  otherDocumentsTagId: number;
  stateId: number;
  /** An active announcement, firm-wide. */
  announcementId: number;
}

type Caller = Extract<SignedInActor, 'ownerB' | 'collaboratorA' | 'deactivatedCollaboratorA'>;
type Raw = { payload: Buffer; headers: Record<string, string> };

interface SwapCase {
  method: MatrixRow['method'];
  route: string;
  /**
   * The id slots this case swaps, as `path:id`, `query:clientId`, `body:documentIds`... `gate`: the
   * permission gate refuses the caller before any id is read, which covers every slot of the route.
   */
  slots: string[] | 'gate';
  caller: Caller;
  url: (x: Objects, own: Own) => string;
  body?: (x: Objects, own: Own) => unknown;
  raw?: (x: Objects, own: Own) => Raw;
  expect: number;
  /** Why a case expects something other than a refusal. */
  note?: string;
}

/** Id slots that hold no client's data: reference lists and the firm's catalogue, the same for everyone. */
const NOT_SCOPED: Record<string, string> = {
  'path:serviceId': "the firm's service catalogue (GET /services/all lists it to every signed-in user)",
  'query:serviceId': "a filter on the firm's service catalogue; the rows are scoped by client",
  'body:serviceId': "the firm's service catalogue; the grant check is covered by the collaboratorA cases",
  'body:messagesServiceId': "the firm's service catalogue, named in the firm settings (setting:edit only)",
  'query:tags': "a filter on the firm's tag catalogue; the rows are scoped by client",
  'body:tags': "the firm's tag catalogue (tag rules are checked, not scope)",
  'query:stateId': 'US states: public reference data',
  'body:stateId': 'US states: public reference data',
  'body:industryId': 'industries: public reference data (formation, onboarding)',
  'body:registeredAgent.countyId': 'counties: public reference data (formation)',
  'query:categoryId': 'transaction categories: reference data, the same for every client',
  'body:categoryId': "transaction categories: reference data (a question's answer), the same for every client",
  'body:suggestedCategoryId': 'transaction categories: reference data, the same for every client',
  'body:annualSalesRangeId': 'onboarding reference list (public)',
  'body:employeeCountRangeId': 'onboarding reference list (public)',
  'body:acquisitionChannelId': 'onboarding reference list (public)',
  'body:accountingSoftwareToolId': 'onboarding reference list (public)',
  'body:services': 'onboarding services: public reference list',
  'body:servicePlanIds': 'onboarding service plans: public reference list',
  'body:institutionId': 'POST sandbox/public-token only: a sandbox bank of the public catalogue, not a linked one',
};

/**
 * Multipart bodies have no schema in the OpenAPI document, so their fields cannot be read from it:
 * each multipart route has a case, or is listed here with why its form carries no scoped id.
 */
const MULTIPART_WITHOUT_IDS: Record<string, string> = {
  'PUT /api/v1/identity/users/me': "the caller's own profile: names, phone and picture, no id",
  'PUT /api/v1/document/leads/me/documents': "the caller's own linked lead, found from the session: files only",
  'POST /api/v1/company/companies/non-resident': 'a public formation request: reference ids (state, industry) only',
};

const API = '/api/v1';
const D = `${API}/document`;
const I = `${API}/identity`;
const C = `${API}/company`;
const accounts = (clientId: number) => `${D}/clients/${clientId}/institution-accounts`;
const questions = (clientId: number) => `${D}/clients/${clientId}/transaction-questions`;

/** The permission gate stops client B's owner whatever ids the request carries. */
const gate = (method: SwapCase['method'], route: string, url: SwapCase['url'], body?: SwapCase['body']): SwapCase => ({
  method,
  route,
  slots: 'gate',
  caller: 'ownerB',
  url,
  body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : () => ({})),
  expect: 403,
});

const editInput = (own: Own, overrides: Record<string, unknown> = {}) => ({
  displayName: 'Swapped',
  clientId: own.clientB,
  serviceId: own.taxServiceId,
  tags: [own.letterTagId],
  description: null,
  ...overrides,
});

const CASES: SwapCase[] = [
  // ---- Requests (docs/requests.md) ----
  ...(['clientId', 'createdByUserId'] as const).map((slot): SwapCase => ({
    method: 'GET',
    route: `${D}/requests`,
    slots: [`query:${slot}`],
    caller: 'ownerB',
    url: (x) => `${D}/requests?${slot}=${slot === 'clientId' ? x.clientId : x.ownerUserId}`,
    expect: 200,
    note: "a client user's list is their current client's whatever the filter names: B's own, empty",
  })),
  gate('POST', `${D}/requests`, () => `${D}/requests`),
  gate(
    'POST',
    `${D}/requests/send-to-clients`,
    (x) => `${D}/requests/send-to-clients?ownerOrCollaboratorUserId=${x.ownerUserId}`,
  ),
  gate('GET', `${D}/request-templates`, () => `${D}/request-templates?serviceId=1`),
  gate('GET', `${D}/request-templates/:id`, () => `${D}/request-templates/1`),
  gate('POST', `${D}/request-templates`, () => `${D}/request-templates`),
  gate('PUT', `${D}/request-templates/:id`, () => `${D}/request-templates/1`),
  gate('DELETE', `${D}/request-templates/:id`, () => `${D}/request-templates/1`),
  gate('GET', `${D}/request-schedules/:id`, () => `${D}/request-schedules/1`),
  gate('POST', `${D}/request-schedules`, () => `${D}/request-schedules`),
  gate('PUT', `${D}/request-schedules/:id`, () => `${D}/request-schedules/1`),
  gate('DELETE', `${D}/request-schedules/:id`, () => `${D}/request-schedules/1`),
  ...(['ownerB', 'deactivatedCollaboratorA'] as const).flatMap((caller): SwapCase[] => [
    {
      method: 'GET',
      route: `${D}/requests/:id`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/requests/${x.requestId}`,
      expect: 404,
    },
    {
      method: 'PUT',
      route: `${D}/requests/:id/items/:itemId/answer`,
      slots: ['path:id', 'path:itemId'],
      caller,
      url: (x) => `${D}/requests/${x.requestId}/items/${x.requestAnswerItemId}/answer`,
      body: () => ({ answer: 'Swapped' }),
      expect: 404,
    },
    {
      method: 'PUT',
      route: `${D}/requests/:id/items/:itemId/not-applicable`,
      slots: ['path:id', 'path:itemId'],
      caller,
      url: (x) => `${D}/requests/${x.requestId}/items/${x.requestAnswerItemId}/not-applicable`,
      body: () => ({ reason: 'Swapped' }),
      expect: 404,
    },
    {
      method: 'POST',
      route: `${D}/requests/:id/items/:itemId/files`,
      slots: ['path:id', 'path:itemId'],
      caller,
      url: (x) => `${D}/requests/${x.requestId}/items/${x.requestFilesItemId}/files`,
      raw: () => multipartBody([{ name: 'Files', fileName: 'swapped.pdf', content: pdfBytes('swapped') }]),
      expect: 404,
    },
  ]),
  gate('PUT', `${D}/requests/:id`, (x) => `${D}/requests/${x.requestId}`),
  gate('DELETE', `${D}/requests/:id`, (x) => `${D}/requests/${x.requestId}`),
  gate(
    'PUT',
    `${D}/requests/:id/items/:itemId/accept`,
    (x) => `${D}/requests/${x.requestId}/items/${x.requestAnswerItemId}/accept`,
  ),
  gate(
    'PUT',
    `${D}/requests/:id/items/:itemId/return`,
    (x) => `${D}/requests/${x.requestId}/items/${x.requestAnswerItemId}/return`,
  ),
  // "Remind now" (request:edit, staff only): staff see every client, so only the gate is left to swap.
  gate('POST', `${D}/requests/:id/remind`, (x) => `${D}/requests/${x.requestId}/remind`),
  gate(
    'POST',
    `${D}/requests/remind`,
    () => `${D}/requests/remind`,
    (x) => ({ ids: [x.requestId] }),
  ),
  gate('GET', `${D}/requests/:id/reminder-recipients`, (x) => `${D}/requests/${x.requestId}/reminder-recipients`),
  // ---- Secure messages (docs/messages.md) ----
  ...(['ownerB', 'deactivatedCollaboratorA'] as const).flatMap((caller): SwapCase[] => [
    {
      method: 'GET',
      route: `${D}/conversations`,
      slots: ['query:clientId'],
      caller,
      url: (x) => `${D}/conversations?clientId=${x.clientId}`,
      expect: 200,
      note: "a client user's inbox is their current client's whatever the filter names: nothing of A",
    },
    {
      method: 'POST',
      route: `${D}/conversations`,
      slots: ['body:clientId'],
      caller,
      url: () => `${D}/conversations`,
      body: (x) => ({ clientId: x.clientId, subject: 'Swapped', html: '<p>Swapped</p>' }),
      expect: 404,
    },
    {
      method: 'GET',
      route: `${D}/conversations/:id`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}`,
      expect: 404,
    },
    {
      method: 'GET',
      route: `${D}/conversations/:id/messages`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}/messages`,
      expect: 404,
    },
    {
      method: 'POST',
      route: `${D}/conversations/:id/messages`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}/messages`,
      body: () => ({ html: '<p>Swapped</p>' }),
      expect: 404,
    },
    {
      method: 'POST',
      route: `${D}/conversations/:id/messages`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}/messages`,
      raw: (_x, own) =>
        multipartBody([
          { name: 'Html', value: '<p>Swapped</p>' },
          { name: 'ServiceId', value: String(own.taxServiceId) },
          { name: 'Tags', value: String(own.otherDocumentsTagId) },
          { name: 'Files', fileName: 'swapped.pdf', content: pdfBytes('swapped') },
        ]),
      expect: 404,
    },
    {
      method: 'PUT',
      route: `${D}/conversations/:id/messages/:messageId`,
      slots: ['path:id', 'path:messageId'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}/messages/${x.conversationMessageId}`,
      body: () => ({ html: '<p>Swapped</p>' }),
      expect: 404,
    },
    {
      method: 'PUT',
      route: `${D}/conversations/:id/read`,
      slots: ['path:id'],
      caller,
      url: (x) => `${D}/conversations/${x.conversationId}/read`,
      expect: 404,
    },
  ]),
  gate(
    'POST',
    `${D}/conversations/bulk`,
    () => `${D}/conversations/bulk`,
    (x) => ({ clientIds: [x.clientId], subject: 'Swapped', html: '<p>Swapped</p>' }),
  ),
  gate(
    'PUT',
    `${D}/conversations/:id`,
    (x) => `${D}/conversations/${x.conversationId}`,
    () => ({ status: 'closed' }),
  ),
  // ---- My accounts (client users) ----
  {
    method: 'PUT',
    route: `${D}/users/me/clients/current`,
    slots: ['body:clientId'],
    caller: 'ownerB',
    url: () => `${D}/users/me/clients/current`,
    body: (x) => ({ clientId: x.clientId }),
    expect: 404,
  },
  {
    method: 'PUT',
    route: `${D}/users/me/clients/current`,
    slots: ['body:clientId'],
    caller: 'deactivatedCollaboratorA',
    url: () => `${D}/users/me/clients/current`,
    body: (x) => ({ clientId: x.clientId }),
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/users/me/clients/:id/details`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/users/me/clients/${x.clientId}/details`,
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/users/me/clients/:id/details`,
    slots: ['path:id'],
    caller: 'deactivatedCollaboratorA',
    url: (x) => `${D}/users/me/clients/${x.clientId}/details`,
    expect: 404,
  },
  ...(['activate', 'deactivate'] as const).flatMap((action): SwapCase[] => [
    {
      method: 'PATCH',
      route: `${D}/users/me/clients/:clientId/collaborators/:userId/${action}`,
      slots: ['path:clientId'],
      caller: 'ownerB',
      url: (x) => `${D}/users/me/clients/${x.clientId}/collaborators/${x.collaboratorUserId}/${action}`,
      expect: 404,
    },
    {
      // B's own client, A's collaborator: not a collaborator of B, so nothing to switch.
      method: 'PATCH',
      route: `${D}/users/me/clients/:clientId/collaborators/:userId/${action}`,
      slots: ['path:userId'],
      caller: 'ownerB',
      url: (x, own) => `${D}/users/me/clients/${own.clientB}/collaborators/${x.collaboratorUserId}/${action}`,
      expect: 404,
    },
    {
      // A collaborator of A does not manage A's people.
      method: 'PATCH',
      route: `${D}/users/me/clients/:clientId/collaborators/:userId/${action}`,
      slots: ['path:clientId', 'path:userId'],
      caller: 'collaboratorA',
      url: (x) => `${D}/users/me/clients/${x.clientId}/collaborators/${x.collaboratorUserId}/${action}`,
      expect: 404,
    },
  ]),
  {
    method: 'DELETE',
    route: `${D}/users/me/clients/:clientId/collaboration`,
    slots: ['path:clientId'],
    caller: 'ownerB',
    url: (x) => `${D}/users/me/clients/${x.clientId}/collaboration`,
    expect: 404,
  },
  {
    method: 'DELETE',
    route: `${D}/users/me/clients/:clientId/collaboration`,
    slots: ['path:clientId'],
    caller: 'deactivatedCollaboratorA',
    url: (x) => `${D}/users/me/clients/${x.clientId}/collaboration`,
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/clients/:clientId/services`,
    slots: ['path:clientId'],
    caller: 'ownerB',
    url: (x) => `${D}/clients/${x.clientId}/services`,
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/clients/:id/profile-picture`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/clients/${x.clientId}/profile-picture`,
    expect: 404,
  },
  {
    method: 'GET',
    route: `${I}/users/:id/profile-picture`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${I}/users/${x.ownerUserId}/profile-picture`,
    expect: 404,
  },
  {
    method: 'DELETE',
    route: `${I}/users/me/sessions/:id`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${I}/users/me/sessions/${x.sessionId}`,
    expect: 404,
  },
  // ---- Notifications (docs/notifications.md): the caller's own only; following is the firm's ----
  {
    method: 'PUT',
    route: `${I}/users/me/notifications/:id/read`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${I}/users/me/notifications/${x.notificationId}/read`,
    expect: 404,
  },
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) =>
    gate(method, `${D}/clients/:id/follow`, (x) => `${D}/clients/${x.clientId}/follow`),
  ),
  // ---- Public account routes: the token is the credential; a user id alone opens nothing ----
  {
    method: 'GET',
    route: `${I}/account/is-forgot-password-token-usable`,
    slots: ['query:userId'],
    caller: 'ownerB',
    url: (x) => `${I}/account/is-forgot-password-token-usable?token=${'a'.repeat(43)}&userId=${x.ownerUserId}`,
    expect: 200,
    note: 'public: answers "not usable" for a made-up token, the same for any user id',
  },
  {
    method: 'POST',
    route: `${I}/account/reset-password`,
    slots: ['body:userId'],
    caller: 'ownerB',
    url: () => `${I}/account/reset-password`,
    body: (x) => ({
      userId: x.ownerUserId,
      token: 'a'.repeat(43),
      password: 'Swapped123',
      confirmPassword: 'Swapped123',
    }),
    expect: 400,
    note: 'public: a made-up token is refused, the same for any user id',
  },
  // ---- Invitations: client users see their current client's only; the filters cannot widen that ----
  {
    method: 'GET',
    route: `${D}/invitations`,
    slots: ['query:clientId', 'query:senderUserId'],
    caller: 'ownerB',
    url: (x) => `${D}/invitations?clientId=${x.clientId}&senderUserId=${x.ownerUserId}`,
    expect: 200,
    note: 'a filter inside the caller scope: an empty page',
  },
  // ---- Documents ----
  ...(['my-upload', 'received'] as const).map((list): SwapCase => ({
    method: 'GET',
    route: `${D}/documents/${list}`,
    slots: ['query:clientId', 'query:creatorUserId'],
    caller: 'ownerB',
    url: (x) => `${D}/documents/${list}?clientId=${x.clientId}&creatorUserId=${x.ownerUserId}`,
    expect: 200,
    note: 'a filter inside the caller scope: an empty page',
  })),
  {
    method: 'DELETE',
    route: `${D}/documents/my-upload`,
    slots: ['query:ids'],
    caller: 'ownerB',
    // One of B's own with one of A's: all or nothing, so B's survives too.
    url: (x, own) => `${D}/documents/my-upload?ids=${own.documentB}&ids=${x.documentId}`,
    expect: 404,
  },
  {
    method: 'DELETE',
    route: `${D}/documents/my-upload`,
    slots: ['query:ids'],
    caller: 'collaboratorA',
    url: (x) => `${D}/documents/my-upload?ids=${x.ungrantedDocumentId}`,
    expect: 404,
  },
  gate('DELETE', `${D}/documents/received`, (x) => `${D}/documents/received?ids=${x.firmDocumentId}`),
  gate(
    'PATCH',
    `${D}/documents/received/status`,
    () => `${D}/documents/received/status`,
    (x) => ({
      documentIds: [x.documentId],
      status: DOCUMENT_STATUS.done,
    }),
  ),
  ...(
    [
      ['my-upload', 'documentId', 'documentB'],
      ['received', 'firmDocumentId', 'firmDocumentB'],
    ] as const
  ).flatMap(([list, ofA, ofB]): SwapCase[] => [
    {
      method: 'PUT',
      route: `${D}/documents/${list}/:id`,
      slots: ['path:id'],
      caller: 'ownerB',
      url: (x) => `${D}/documents/${list}/${x[ofA]}`,
      body: (x, own) => editInput(own),
      expect: 404,
    },
    {
      // B's own document moved into client A.
      method: 'PUT',
      route: `${D}/documents/${list}/:id`,
      slots: ['body:clientId'],
      caller: 'ownerB',
      url: (_x, own) => `${D}/documents/${list}/${own[ofB]}`,
      body: (x, own) => editInput(own, { clientId: x.clientId }),
      expect: 404,
    },
  ]),
  {
    method: 'PUT',
    route: `${D}/documents/my-upload/:id`,
    slots: ['path:id'],
    caller: 'collaboratorA',
    url: (x) => `${D}/documents/my-upload/${x.ungrantedDocumentId}`,
    body: (x, own) => editInput(own, { clientId: x.clientId }),
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/documents/:id`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/documents/${x.documentId}`,
    expect: 404,
  },
  ...['', '/comments', '/download', '/preview', '/shares'].map((suffix): SwapCase => ({
    method: 'GET',
    route: `${D}/documents/:id${suffix}`,
    slots: ['path:id'],
    caller: 'collaboratorA',
    url: (x) => `${D}/documents/${x.ungrantedDocumentId}${suffix}`,
    expect: 404,
  })),
  ...['/comments', '/download', '/preview', '/shares'].map((suffix): SwapCase => ({
    method: 'GET',
    route: `${D}/documents/:id${suffix}`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/documents/${x.documentId}${suffix}`,
    expect: 404,
  })),
  {
    method: 'POST',
    route: `${D}/documents/:id/comments`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/documents/${x.documentId}/comments`,
    body: () => ({ commentText: 'Swapped' }),
    expect: 404,
  },
  {
    method: 'POST',
    route: `${D}/documents/:id/comments`,
    slots: ['body:documentId'],
    caller: 'ownerB',
    url: (_x, own) => `${D}/documents/${own.documentB}/comments`,
    body: (x) => ({ documentId: x.documentId, commentText: 'Swapped' }),
    expect: 400,
    note: 'the body id must be the path id: refused before anything is looked up',
  },
  {
    method: 'GET',
    route: `${D}/documents/download`,
    slots: ['query:ids'],
    caller: 'ownerB',
    url: (x, own) => `${D}/documents/download?ids=${own.documentB}&ids=${x.documentId}`,
    expect: 404,
  },
  {
    method: 'GET',
    route: `${D}/documents/download`,
    slots: ['query:ids'],
    caller: 'collaboratorA',
    url: (x) => `${D}/documents/download?ids=${x.documentId}&ids=${x.ungrantedDocumentId}`,
    expect: 404,
  },
  ...(['ownerB', 'collaboratorA'] as const).map((caller): SwapCase => ({
    method: 'POST',
    route: `${D}/documents/:id/share`,
    slots: ['path:id'],
    caller,
    url: (x) => `${D}/documents/${caller === 'ownerB' ? x.documentId : x.ungrantedDocumentId}/share`,
    body: () => ({ recipientEmailAddress: 'swapped@example.com' }),
    expect: 404,
  })),
  {
    method: 'DELETE',
    route: `${D}/documents/:id/shares/:shareId`,
    slots: ['path:id', 'path:shareId'],
    caller: 'ownerB',
    url: (x) => `${D}/documents/${x.documentId}/shares/${x.shareId}`,
    expect: 404,
  },
  {
    // B's own document, A's share.
    method: 'DELETE',
    route: `${D}/documents/:id/shares/:shareId`,
    slots: ['path:shareId'],
    caller: 'ownerB',
    url: (x, own) => `${D}/documents/${own.documentB}/shares/${x.shareId}`,
    expect: 404,
  },
  {
    method: 'POST',
    route: `${D}/documents/my-upload`,
    slots: ['body:ClientId'],
    caller: 'ownerB',
    raw: (x, own) =>
      multipartBody([
        { name: 'ClientId', value: x.clientId },
        { name: 'ServiceId', value: own.taxServiceId },
        { name: 'Tags', value: own.otherDocumentsTagId },
        { name: 'Files', fileName: 'swapped.pdf', content: pdfBytes('swapped') },
      ]),
    url: () => `${D}/documents/my-upload`,
    expect: 404,
  },
  {
    method: 'POST',
    route: `${D}/documents/my-upload`,
    slots: ['body:ServiceId'],
    caller: 'collaboratorA',
    raw: (_x, own) =>
      multipartBody([
        { name: 'ServiceId', value: own.bookkeepingServiceId },
        { name: 'Tags', value: own.otherDocumentsTagId },
        { name: 'Files', fileName: 'swapped.pdf', content: pdfBytes('swapped') },
      ]),
    url: () => `${D}/documents/my-upload`,
    expect: 404,
  },
  // ---- Announcements: a client user confirms for their own clients only ----
  {
    method: 'POST',
    route: `${D}/announcements/:id/acknowledge`,
    slots: ['path:id', 'body:clients'],
    caller: 'ownerB',
    url: (_x, own) => `${D}/announcements/${own.announcementId}/acknowledge`,
    // B's own client with A's: all or nothing, so nothing is recorded for B either.
    body: (x, own) => ({ clients: [own.clientB, x.clientId] }),
    expect: 404,
  },
  // ---- Contractors: client users act for their current client; ids of another client's are 404 ----
  ...(['business', 'individual'] as const).flatMap((type): SwapCase[] => [
    {
      method: 'GET',
      route: `${D}/contractors/${type}/:id`,
      slots: ['path:id'],
      caller: 'ownerB',
      url: (x) => `${D}/contractors/${type}/${type === 'business' ? x.contractorId : x.individualContractorId}`,
      expect: 404,
    },
    {
      method: 'PUT',
      route: `${D}/contractors/${type}/:id`,
      slots: ['path:id'],
      caller: 'ownerB',
      url: (x) => `${D}/contractors/${type}/${type === 'business' ? x.contractorId : x.individualContractorId}`,
      body: (_x, own) => {
        const { contractorType: _type, ...form } = businessBody(own.stateId);
        return type === 'business'
          ? form
          : {
              firstName: 'Swapped',
              lastName: 'Person',
              socialSecurityNumberOrTaxpayerIdentificationNumber: '123-45-6789',
              addressLine1: form.addressLine1,
              addressLine2: form.addressLine2,
              city: form.city,
              stateId: form.stateId,
              zipCode: form.zipCode,
              totalPayment: form.totalPayment,
            };
      },
      expect: 404,
    },
  ]),
  {
    method: 'DELETE',
    route: `${D}/contractors/:id`,
    slots: ['path:id'],
    caller: 'ownerB',
    url: (x) => `${D}/contractors/${x.contractorId}`,
    expect: 404,
  },
  gate('POST', `${D}/contractors/:id/complete`, (x) => `${D}/contractors/${x.contractorId}/complete`),
  gate('POST', `${D}/contractors/:id/open`, (x) => `${D}/contractors/${x.contractorId}/open`),
  ...(['', '/export'] as const).map((suffix): SwapCase => ({
    method: 'GET',
    route: `${D}/contractors${suffix}`,
    slots: ['query:clientId'],
    caller: 'ownerB',
    url: (x) => `${D}/contractors${suffix}?clientId=${x.clientId}`,
    expect: 200,
    note: "client users always get their current client's contractors: the filter is ignored",
  })),
  {
    method: 'POST',
    route: `${D}/contractors`,
    slots: ['body:clientId'],
    caller: 'ownerB',
    url: () => `${D}/contractors`,
    body: (x, own) => businessBody(own.stateId, { clientId: x.clientId }),
    expect: 201,
    note: "client users add to their current client (B): the body's clientId is ignored, A gets nothing",
  },
  // ---- Reconciliation: A's client id, and B's own client id with A's institution or account ----
  ...(
    [
      ['GET', ''],
      ['POST', ''],
      ['POST', '/link-token'],
      ['POST', '/synchronize'],
      ['GET', '/net-cash-history'],
    ] as const
  ).map(([method, suffix]): SwapCase => ({
    method,
    route: `${D}/clients/:clientId/institution-accounts${suffix}`,
    slots: ['path:clientId'],
    caller: 'ownerB',
    url: (x) => `${accounts(x.clientId)}${suffix}`,
    body:
      method === 'POST' ? () => (suffix === '' ? { publicToken: 'public-sandbox-v1.x' } : { subtype: 1 }) : undefined,
    expect: 404,
  })),
  ...(['link-token', 'reconnect'] as const).flatMap((action): SwapCase[] =>
    (['ofA', 'ofB'] as const).map((clientOf) => ({
      method: 'POST',
      route: `${D}/clients/:clientId/institution-accounts/institutions/:institutionId/${action}`,
      slots: clientOf === 'ofA' ? ['path:clientId'] : ['path:institutionId'],
      caller: 'ownerB',
      url: (x, own) =>
        `${accounts(clientOf === 'ofA' ? x.clientId : own.clientB)}/institutions/${x.institutionId}/${action}`,
      body: () => ({}),
      expect: 404,
    })),
  ),
  ...(
    [
      '',
      '/transactions?year=2024&month=5',
      '/balance?year=2024&month=5',
      '/balance-history',
      '/transactions/export?year=2024',
    ] as const
  ).flatMap((suffix): SwapCase[] =>
    (['ofA', 'ofB'] as const).map((clientOf) => ({
      method: 'GET',
      route: `${D}/clients/:clientId/institution-accounts/:id${suffix.replace(/\?.*/, '')}`,
      slots: clientOf === 'ofA' ? ['path:clientId'] : ['path:id'],
      caller: 'ownerB',
      url: (x, own) => `${accounts(clientOf === 'ofA' ? x.clientId : own.clientB)}/${x.accountId}${suffix}`,
      expect: 404,
    })),
  ),
  // ---- Transaction questions: A's client id, and B's own client id with A's question or account ----
  ...(['ofA', 'ofB'] as const).map((clientOf): SwapCase => ({
    method: 'GET',
    route: `${D}/clients/:clientId/transaction-questions`,
    slots: clientOf === 'ofA' ? ['path:clientId'] : ['query:accountId'],
    caller: 'ownerB',
    url: (x, own) => `${questions(clientOf === 'ofA' ? x.clientId : own.clientB)}?accountId=${x.accountId}`,
    expect: clientOf === 'ofA' ? 404 : 200,
    note: clientOf === 'ofA' ? undefined : "B's own list filtered by A's account: empty, as for an unknown account",
  })),
  ...(['', '/answer'] as const).flatMap((suffix): SwapCase[] =>
    (['ofA', 'ofB'] as const).map((clientOf) => ({
      method: suffix === '' ? 'GET' : 'PUT',
      route: `${D}/clients/:clientId/transaction-questions/:id${suffix}`,
      slots: clientOf === 'ofA' ? ['path:clientId'] : ['path:id'],
      caller: 'ownerB',
      url: (x, own) => `${questions(clientOf === 'ofA' ? x.clientId : own.clientB)}/${x.questionId}${suffix}`,
      body: suffix === '' ? undefined : () => ({ categoryId: 1, note: 'swapped' }),
      expect: 404,
    })),
  ),
  // Asking, resolving and asking again are the firm's: a client user is refused before any id is read.
  gate(
    'POST',
    `${D}/clients/:clientId/transaction-questions`,
    (x) => questions(x.clientId),
    (x) => ({
      transactionIds: [x.transactionId],
      question: 'Swapped?',
    }),
  ),
  gate(
    'PUT',
    `${D}/clients/:clientId/transaction-questions/:id/resolve`,
    (x) => `${questions(x.clientId)}/${x.questionId}/resolve`,
  ),
  gate(
    'PUT',
    `${D}/clients/:clientId/transaction-questions/:id/ask-again`,
    (x) => `${questions(x.clientId)}/${x.questionId}/ask-again`,
    () => ({ note: 'Swapped?' }),
  ),
  // ---- Staff-only routes: the permission gate refuses client users before any id is read ----
  gate('GET', `${I}/users`, (x) => `${I}/users?advisorId=${x.ownerUserId}`),
  gate('GET', `${I}/users/export`, (x) => `${I}/users/export?advisorId=${x.ownerUserId}`),
  gate('POST', `${I}/users`, () => `${I}/users`),
  gate('GET', `${I}/users/:id`, (x) => `${I}/users/${x.ownerUserId}`),
  gate('PUT', `${I}/users/:id`, (x) => `${I}/users/${x.ownerUserId}`),
  gate('PATCH', `${I}/users/:id/activate`, (x) => `${I}/users/${x.ownerUserId}/activate`),
  gate('PATCH', `${I}/users/:id/deactivate`, (x) => `${I}/users/${x.ownerUserId}/deactivate`),
  gate('PATCH', `${I}/users/:id/reset-password`, (x) => `${I}/users/${x.ownerUserId}/reset-password`),
  gate('DELETE', `${I}/users/:id/two-factor`, (x) => `${I}/users/${x.ownerUserId}/two-factor`),
  gate('GET', `${I}/users/:id/sessions`, (x) => `${I}/users/${x.ownerUserId}/sessions`),
  gate('DELETE', `${I}/users/:id/sessions`, (x) => `${I}/users/${x.ownerUserId}/sessions`),
  gate('DELETE', `${I}/users/:id/sessions/:sessionId`, (x) => `${I}/users/${x.ownerUserId}/sessions/${x.sessionId}`),
  gate('GET', `${I}/audit-events`, (x) => `${I}/audit-events?clientId=${x.clientId}&documentId=${x.documentId}`),
  gate('GET', `${I}/audit-events/export`, (x) => `${I}/audit-events/export?actorUserId=${x.ownerUserId}`),
  // Mail messages belong to the firm, not to a client: only the gate stands between a client user and them.
  gate('POST', `${I}/mail/messages/:id/resend`, (x) => `${I}/mail/messages/${x.documentId}/resend`),
  gate('GET', `${I}/mail/messages/:id/body`, (x) => `${I}/mail/messages/${x.documentId}/body`),
  gate('GET', `${D}/clients`, (x) => `${D}/clients?ownerOrCollaboratorUserId=${x.ownerUserId}`),
  gate('GET', `${D}/clients/export`, (x) => `${D}/clients/export?ownerOrCollaboratorUserId=${x.ownerUserId}`),
  gate('POST', `${D}/clients/send-email`, (x) => `${D}/clients/send-email?ownerOrCollaboratorUserId=${x.ownerUserId}`),
  gate(
    'POST',
    `${D}/clients`,
    () => `${D}/clients`,
    (x) => ({ clientType: 1, name: 'Swapped', ownerUserId: x.ownerUserId }),
  ),
  gate('GET', `${D}/clients/:id/details`, (x) => `${D}/clients/${x.clientId}/details`),
  gate('PATCH', `${D}/clients/:id/activate`, (x) => `${D}/clients/${x.clientId}/activate`),
  gate('PATCH', `${D}/clients/:id/deactivate`, (x) => `${D}/clients/${x.clientId}/deactivate`),
  gate('DELETE', `${D}/clients/:id`, (x) => `${D}/clients/${x.clientId}`),
  gate('GET', `${D}/clients/business/:id`, (x) => `${D}/clients/business/${x.clientId}`),
  gate('PUT', `${D}/clients/business/:id`, (x) => `${D}/clients/business/${x.clientId}`),
  gate('GET', `${D}/clients/personal/:id`, (x) => `${D}/clients/personal/${x.clientId}`),
  gate('PUT', `${D}/clients/personal/:id`, (x) => `${D}/clients/personal/${x.clientId}`),
  gate('GET', `${D}/bookkeeping`, (x) => `${D}/bookkeeping?clientId=${x.clientId}`),
  gate('GET', `${D}/bookkeeping/completion`, (x) => `${D}/bookkeeping/completion?clientId=${x.clientId}`),
  // The month status is a client user's own: another client's id is not theirs (issue 24 item 3).
  ...(['ownerB', 'deactivatedCollaboratorA'] as const).map((caller): SwapCase => ({
    method: 'GET',
    route: `${D}/bookkeeping/months`,
    slots: ['query:clientId'],
    caller,
    url: (x) => `${D}/bookkeeping/months?clientId=${x.clientId}`,
    expect: 404,
  })),
  gate(
    'POST',
    `${D}/bookkeeping`,
    () => `${D}/bookkeeping`,
    (x) => ({ clientId: x.clientId, year: 2024, month: 5 }),
  ),
  gate('PUT', `${D}/bookkeeping/:id`, (x) => `${D}/bookkeeping/${x.bookkeepingId}`),
  gate('GET', `${C}/companies/:id`, (x) => `${C}/companies/${x.companyId}`),
  gate(
    'GET',
    `${C}/companies/:id/organizers/:organizerId/passport`,
    (x) => `${C}/companies/${x.companyId}/organizers/${x.organizerId}/passport`,
  ),
  gate('DELETE', `${D}/leads`, (x) => `${D}/leads?ids=${x.leadId}`),
  gate('GET', `${D}/leads`, () => `${D}/leads?statusId=1`),
  gate('GET', `${D}/leads/export`, () => `${D}/leads/export?statusId=1`),
  gate('GET', `${D}/leads/:id/details`, (x) => `${D}/leads/${x.leadId}/details`),
  ...(['download', 'preview'] as const).flatMap((d) => [
    gate('GET', `${D}/leads/:id/contract/${d}`, (x) => `${D}/leads/${x.leadId}/contract/${d}`),
    gate('GET', `${D}/leads/:id/attachments/:kind/${d}`, (x) => `${D}/leads/${x.leadId}/attachments/tax-return/${d}`),
  ]),
  // The firm's own objects (announcements, coupons, roles, services, tags): administration only.
  gate('GET', `${D}/announcements/:id`, (_x, own) => `${D}/announcements/${own.announcementId}`),
  gate(
    'GET',
    `${D}/announcements/:id/acknowledgements`,
    (_x, own) => `${D}/announcements/${own.announcementId}/acknowledgements`,
  ),
  gate('PATCH', `${D}/announcements/:id/activate`, (_x, own) => `${D}/announcements/${own.announcementId}/activate`),
  gate(
    'PATCH',
    `${D}/announcements/:id/deactivate`,
    (_x, own) => `${D}/announcements/${own.announcementId}/deactivate`,
  ),
  gate('PATCH', `${C}/coupons/:id/activate`, () => `${C}/coupons/1/activate`),
  gate('PATCH', `${C}/coupons/:id/deactivate`, () => `${C}/coupons/1/deactivate`),
  ...(['GET', 'PUT', 'DELETE'] as const).flatMap((method) => [
    gate(method, `${I}/roles/:id`, () => `${I}/roles/1`),
    gate(method, `${D}/services/:id`, () => `${D}/services/1`),
    gate(method, `${D}/tag-groups/:id`, () => `${D}/tag-groups/1`),
    gate(method, `${D}/tags/:id`, () => `${D}/tags/1`),
  ]),
  ...(['activate', 'deactivate'] as const).flatMap((action) => [
    gate('PATCH', `${D}/services/:id/${action}`, () => `${D}/services/1/${action}`),
    gate('PATCH', `${D}/tags/:id/${action}`, () => `${D}/tags/1/${action}`),
  ]),
  gate('GET', `${D}/services`, () => `${D}/services?departmentId=1`),
  gate('POST', `${D}/services`, () => `${D}/services`),
  gate('PUT', `${D}/tag-groups/reorder`, () => `${D}/tag-groups/reorder`),
  gate('POST', `${D}/tags`, () => `${D}/tags`),
  gate('GET', `${D}/tags/name/:name/is-available`, () => `${D}/tags/name/x/is-available?tagGroupId=1`),
  gate(
    'GET',
    `${D}/tags/display-name/:displayName/is-available`,
    () => `${D}/tags/display-name/X/is-available?tagGroupId=1`,
  ),
];

let t: TestApp;
let world: MatrixWorld;
let a: Objects;
let ghost: Objects;
let own: Own;
/** Text that only client A's data contains: no answer to anyone outside A may include it. */
let marker: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  world = await setUpMatrixWorld(t);
  const f = world.fixture;
  const db = f.db;
  marker = `A-PRIVATE-${randomBytes(4).toString('hex')}`;
  await db
    .update(clients)
    .set({ name: `${marker} Holdings` })
    .where(eq(clients.id, f.clientA));
  await db
    .update(users)
    .set({ lastName: `${marker} Owner` })
    .where(eq(users.id, f.userIds.ownerA));
  const [bookkeeping] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  await db.insert(clientServices).values({ clientId: f.clientA, serviceId: bookkeeping!.id });
  await db
    .update(clients)
    .set({ usedBookkeepingServiceAtLeastOnce: true })
    .where(inArray(clients.id, [f.clientA, f.clientB]));
  const [letter] = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'irs-state-letter'));

  const doc = (clientId: number, serviceId: number, creatorUserId: number, uploadedByClientSide: boolean) =>
    createDocument(db, f.storage, {
      clientId,
      serviceId,
      creatorUserId,
      uploadedByClientSide,
      displayName: clientId === f.clientA ? `${marker} return` : 'B return',
    }).then((d) => d.id);
  const documentId = await doc(f.clientA, f.serviceId, f.userIds.ownerA, true);
  const [share] = await db
    .insert(documentShares)
    .values({
      documentId,
      recipientEmailAddress: `${marker.toLowerCase()}@example.com`,
      requiresSignIn: true,
      createdByUserId: f.userIds.ownerA,
    })
    .returning({ id: documentShares.id });
  await db
    .insert(documentComments)
    .values({ documentId, commentText: `${marker} comment`, creatorUserId: f.userIds.ownerA });
  const [institution] = await db
    .insert(bankInstitutions)
    .values({
      clientId: f.clientA,
      provider: 'sandbox',
      providerItemId: `swapped-${randomUUID()}`,
      name: `${marker} Bank`,
      accessTokenEncrypted: 'v1.not-a-token',
    })
    .returning({ id: bankInstitutions.id });
  const [account] = await db
    .insert(bankAccounts)
    .values({
      institutionId: institution!.id,
      clientId: f.clientA,
      providerAccountId: 'swapped-checking',
      subtype: 1,
      name: `${marker} Checking`,
      mask: '9876',
      currentBalanceCents: 123_45,
    })
    .returning({ id: bankAccounts.id });
  const [transaction] = await db
    .insert(bankTransactions)
    .values({
      accountId: account!.id,
      providerTransactionId: 'swapped-1',
      date: '2024-05-02',
      name: `${marker} rent`,
      amountCents: -50_00,
    })
    .returning({ id: bankTransactions.id });
  const [question] = await db
    .insert(transactionQuestions)
    .values({ clientId: f.clientA, transactionId: transaction!.id, question: `${marker} what was this?` })
    .returning({ id: transactionQuestions.id });
  const [record] = await db
    .insert(bookkeepingRecords)
    .values({ clientId: f.clientA, year: 2024, month: 5 })
    .returning({ id: bookkeepingRecords.id });
  const { company, organizers } = await createCompany(db);
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, f.userIds.ownerA))
    .limit(1);
  a = {
    clientId: f.clientA,
    ownerUserId: f.userIds.ownerA,
    collaboratorUserId: f.userIds.collaboratorA,
    documentId,
    firmDocumentId: await doc(f.clientA, f.serviceId, f.userIds.admin, false),
    ungrantedDocumentId: await doc(f.clientA, bookkeeping!.id, f.userIds.ownerA, true),
    shareId: share!.id,
    contractorId: await insertContractor(db, { clientId: f.clientA, name: `${marker} Supplies` }),
    individualContractorId: await insertContractor(db, {
      clientId: f.clientA,
      contractorType: CONTRACTOR_TYPE.individual,
      name: `${marker} Person`,
    }),
    institutionId: institution!.id,
    accountId: account!.id,
    sessionId: session!.id,
    bookkeepingId: record!.id,
    companyId: company.id,
    organizerId: organizers[0]!.id,
    leadId: (await insertLead(db)).id,
    ...(await (async () => {
      const { id, itemIds } = await insertRequest(db, {
        clientId: f.clientA,
        serviceId: f.serviceId,
        title: `${marker} request`,
        items: [
          { title: `${marker} question` },
          { kind: REQUEST_ITEM_KIND.documents, tagIds: [await otherDocumentsTagId(db)] },
          { status: REQUEST_ITEM_STATUS.submitted },
        ],
      });
      return { requestId: id, requestAnswerItemId: itemIds[0]!, requestFilesItemId: itemIds[1]! };
    })()),
    notificationId: (
      await db
        .insert(notifications)
        .values({
          recipientUserId: f.userIds.ownerA,
          kind: NOTIFICATION_KIND.requestCreated,
          title: `New request from the firm: ${marker} request`,
          link: null,
          clientId: f.clientA,
          actorUserId: f.userIds.admin,
          eventKey: 'swapped-ids',
          emailDelivery: 'immediately',
        })
        .returning({ id: notifications.id })
    )[0]!.id,
    ...(await (async () => {
      const { id, messageId } = await insertConversation(db, f.fieldCrypto, {
        clientId: f.clientA,
        authorUserId: f.userIds.ownerA,
        subject: `${marker} conversation`,
        text: `${marker} message`,
      });
      return { conversationId: id, conversationMessageId: messageId };
    })()),
    transactionId: transaction!.id,
    questionId: question!.id,
  };
  const nowhere = 2_000_000_000;
  ghost = Object.fromEntries(
    Object.entries(a).map(([key, value], index) => [key, typeof value === 'number' ? nowhere + index : randomUUID()]),
  ) as unknown as Objects;
  own = {
    clientB: f.clientB,
    documentB: await doc(f.clientB, f.serviceId, f.userIds.ownerB, true),
    firmDocumentB: await doc(f.clientB, f.serviceId, f.userIds.admin, false),
    taxServiceId: f.serviceId,
    bookkeepingServiceId: bookkeeping!.id,
    letterTagId: letter!.id,
    otherDocumentsTagId: await otherDocumentsTagId(db),
    stateId: await stateId(db),
    announcementId: (await createAnnouncement(db)).id,
  };
});
afterAll(() => t.close());

/** Everything of client A a swapped call could change, read straight from the tables. */
async function snapshotOfA() {
  const db = world.fixture.db;
  const clientId = world.fixture.clientA;
  const people = [
    world.fixture.userIds.ownerA,
    world.fixture.userIds.collaboratorA,
    world.fixture.userIds.deactivatedCollaboratorA,
  ];
  const documentIds = (
    await db.select({ id: documents.id }).from(documents).where(eq(documents.clientId, clientId))
  ).map((row) => row.id);
  return {
    client: await db.select().from(clients).where(eq(clients.id, clientId)),
    people: await db.select().from(users).where(inArray(users.id, people)).orderBy(asc(users.id)),
    collaborators: await db
      .select()
      .from(clientCollaborators)
      .where(eq(clientCollaborators.clientId, clientId))
      .orderBy(asc(clientCollaborators.userId)),
    grants: await db
      .select()
      .from(clientCollaboratorServices)
      .where(eq(clientCollaboratorServices.clientId, clientId))
      .orderBy(asc(clientCollaboratorServices.userId), asc(clientCollaboratorServices.serviceId)),
    documents: await db.select().from(documents).where(eq(documents.clientId, clientId)).orderBy(asc(documents.id)),
    comments: await db
      .select()
      .from(documentComments)
      .where(inArray(documentComments.documentId, documentIds))
      .orderBy(asc(documentComments.id)),
    shares: await db
      .select()
      .from(documentShares)
      .where(inArray(documentShares.documentId, documentIds))
      .orderBy(asc(documentShares.id)),
    contractors: await db
      .select()
      .from(contractors)
      .where(eq(contractors.clientId, clientId))
      .orderBy(asc(contractors.id)),
    institutions: await db.select().from(bankInstitutions).where(eq(bankInstitutions.clientId, clientId)),
    accounts: await db.select().from(bankAccounts).where(eq(bankAccounts.clientId, clientId)),
    transactions: await db.select().from(bankTransactions).where(eq(bankTransactions.accountId, a.accountId)),
    questions: await db
      .select()
      .from(transactionQuestions)
      .where(eq(transactionQuestions.clientId, clientId))
      .orderBy(asc(transactionQuestions.id)),
    bookkeeping: await db.select().from(bookkeepingRecords).where(eq(bookkeepingRecords.clientId, clientId)),
    acknowledgements: await db
      .select()
      .from(announcementAcknowledgements)
      .where(eq(announcementAcknowledgements.clientId, clientId)),
    requests: await db.select().from(requests).where(eq(requests.clientId, clientId)).orderBy(asc(requests.id)),
    requestItems: await db
      .select()
      .from(requestItems)
      .where(inArray(requestItems.requestId, [a.requestId]))
      .orderBy(asc(requestItems.id)),
    notifications: await db
      .select()
      .from(notifications)
      .where(inArray(notifications.recipientUserId, people))
      .orderBy(asc(notifications.id)),
    conversations: await db
      .select()
      .from(conversations)
      .where(eq(conversations.clientId, clientId))
      .orderBy(asc(conversations.id)),
    messages: await db
      .select({ id: conversationMessages.id, html: conversationMessages.htmlEncrypted })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, a.conversationId))
      .orderBy(asc(conversationMessages.id)),
    reads: await db.select().from(conversationReads).where(eq(conversationReads.conversationId, a.conversationId)),
    sessions: await db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, world.fixture.userIds.ownerA))
      .orderBy(asc(sessions.id)),
  };
}

/** What B recorded for itself: the mixed acknowledge case must leave it empty too. */
async function acknowledgementsOfB(announcementId: number) {
  return world.fixture.db
    .select()
    .from(announcementAcknowledgements)
    .where(
      and(
        eq(announcementAcknowledgements.announcementId, announcementId),
        eq(announcementAcknowledgements.clientId, world.fixture.clientB),
      ),
    );
}

async function call(c: SwapCase, x: Objects) {
  const session = world.sessions.get(c.caller)!;
  const raw = c.raw?.(x, own);
  const body = c.body?.(x, own);
  return t.app.inject({
    method: c.method,
    url: c.url(x, own),
    headers: { ...raw?.headers, authorization: `Bearer ${session.accessToken}` },
    ...(raw ? { payload: raw.payload } : body === undefined ? {} : { payload: body as object }),
  });
}

/**
 * The answer with what differs from call to call (request ids, fresh ids and row versions of created
 * rows) taken out.
 */
function comparable(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('json')) return { status: response.statusCode, type };
  const parsed = JSON.parse(response.body) as { error?: { requestId?: string }; id?: number; version?: string };
  if (parsed.error) delete parsed.error.requestId;
  if (response.statusCode === 201) {
    delete parsed.id;
    delete parsed.version;
  }
  return { status: response.statusCode, body: parsed };
}

const slotsOf = (c: SwapCase) => (c.slots === 'gate' ? 'gate' : c.slots.join(' '));

describe('swapped ids', () => {
  for (const c of CASES) {
    it(`${c.method} ${c.route} [${slotsOf(c)}] as ${c.caller} with A's objects -> ${c.expect}`, async () => {
      const before = await snapshotOfA();
      const ofB = await acknowledgementsOfB(own.announcementId);
      const response = await call(c, a);
      expect(response.statusCode, response.body).toBe(c.expect);
      expect(response.body).not.toContain(marker);
      expect(JSON.stringify(response.headers)).not.toContain(marker);
      expect(await snapshotOfA()).toEqual(before);
      expect(await acknowledgementsOfB(own.announcementId)).toEqual(ofB);

      // The same request naming objects that exist nowhere answers the same: A's ids reveal nothing.
      const missing = await call(c, ghost);
      expect(comparable(response)).toEqual(comparable(missing));
      expect(await snapshotOfA()).toEqual(before);
    });
  }
});

// ---- Which routes take ids, from the OpenAPI document of the registered routes ----

type Schema = {
  $ref?: string;
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: unknown };

/** A name that holds an object's id: id, ids, clientId, documentIds, ... */
const ID_NAME = /^(id|ids)$|[a-z](Id|Ids)$/;

function idSlotsOf(doc: OpenApi): Map<string, Set<string>> {
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    let current = schema;
    while (current?.$ref) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Schema;
    }
    return current;
  };
  const isIntegerList = (schema: Schema | undefined): boolean => {
    const resolved = resolve(schema);
    if (!resolved) return false;
    if (resolved.type === 'array') return resolve(resolved.items)?.type === 'integer';
    return [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])].some(isIntegerList);
  };
  const walk = (schema: Schema | undefined, prefix: string, out: Set<string>) => {
    const resolved = resolve(schema);
    if (!resolved) return;
    for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])])
      walk(part, prefix, out);
    for (const [name, property] of Object.entries(resolved.properties ?? {})) {
      if (ID_NAME.test(name) || isIntegerList(property)) out.add(`${prefix}${name}`);
      const inner = resolve(property);
      walk(
        inner?.type === 'array' ? inner.items : property,
        `${prefix}${name}${inner?.type === 'array' ? '[]' : ''}.`,
        out,
      );
    }
  };
  const slots = new Map<string, Set<string>>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const found = new Set<string>();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'header') continue;
        if (ID_NAME.test(parameter.name) || isIntegerList(parameter.schema))
          found.add(`${parameter.in}:${parameter.name}`);
      }
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema, 'body:', found);
      const route = path.replace(/\{([^}]+)\}/g, ':$1');
      if (found.size > 0) slots.set(`${method.toUpperCase()} ${route}`, found);
    }
  }
  return slots;
}

async function registeredIdSlots(): Promise<Map<string, Set<string>>> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json` });
  const registered = new Set(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
  return new Map([...idSlotsOf(response.json() as OpenApi)].filter(([key]) => registered.has(key)));
}

const caseKey = (c: SwapCase) => `${c.method} ${c.route}`;

/** The scoped id slots of each route that no case swaps and no reason exempts. */
function uncovered(slots: Map<string, Set<string>>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [key, routeSlots] of slots) {
    const cases = CASES.filter((c) => caseKey(c) === key);
    const missing = [...routeSlots].filter(
      (slot) => !(slot in NOT_SCOPED) && !cases.some((c) => c.slots === 'gate' || (c.slots as string[]).includes(slot)),
    );
    result.set(key, missing);
  }
  return result;
}

describe('swapped-id coverage', () => {
  it('swaps every scoped id slot of every registered route: routes covered / routes with an id = 100%', async () => {
    const slots = await registeredIdSlots();
    const scoped = new Map(
      [...uncovered(slots)].filter(([key]) => [...slots.get(key)!].some((s) => !(s in NOT_SCOPED))),
    );
    const missing = [...uncovered(slots)]
      .filter(([, left]) => left.length > 0)
      .map(([key, left]) => `${key} ${left.join(' ')}`);
    expect(missing).toEqual([]);
    const covered = [...scoped.keys()].filter((key) => uncovered(slots).get(key)!.length === 0);
    expect(covered.length / scoped.size).toBe(1);
  });

  it('has a case for every multipart route, or a reason its form carries no id', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json` });
    const doc = response.json() as OpenApi;
    const multipart = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => JSON.stringify(operation).includes('multipart'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(multipart.length).toBeGreaterThan(0);
    const covered = new Set(CASES.map(caseKey));
    expect(multipart.filter((key) => !covered.has(key) && !(key in MULTIPART_WITHOUT_IDS))).toEqual([]);
    expect(Object.keys(MULTIPART_WITHOUT_IDS).filter((key) => !multipart.includes(key))).toEqual([]);
  });

  it('has no case for a route or an id slot that does not exist', async () => {
    const slots = await registeredIdSlots();
    const registered = new Set(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    const stale = CASES.filter((c) => !registered.has(caseKey(c))).map(caseKey);
    // Multipart bodies are not in the OpenAPI document: their fields are named by the case alone.
    const unknownSlots = CASES.filter((c) => c.slots !== 'gate' && !c.raw).flatMap((c) =>
      (c.slots as string[]).filter((slot) => !slots.get(caseKey(c))?.has(slot)).map((slot) => `${caseKey(c)} ${slot}`),
    );
    expect([...stale, ...unknownSlots]).toEqual([]);
  });

  it('exempts only slots that exist, each with a reason', async () => {
    const all = new Set([...(await registeredIdSlots()).values()].flatMap((set) => [...set]));
    expect(Object.keys(NOT_SCOPED).filter((slot) => !all.has(slot))).toEqual([]);
    expect(Object.values(NOT_SCOPED).every((reason) => reason.length > 20)).toBe(true);
  });

  it('uses the permission gate only where the client role is refused', () => {
    expect(CASES.filter((c) => c.slots === 'gate' && c.expect !== 403).map(caseKey)).toEqual([]);
  });
});

// ---- Outsiders of A: every read they may make answers without A's data ----

const rowFiles = import.meta.glob<{ rows: MatrixRow[] }>('../modules/**/__tests__/*.matrix.ts', { eager: true });
// Public reads (anyone gets them, e.g. a share link's token is the credential) are left out.
const READS = Object.values(rowFiles)
  .flatMap((file) => file.rows)
  .filter((row) => row.method === 'GET' && row.expect.anonymous === 401);

describe('outsiders of client A read nothing of A', () => {
  for (const actor of ['deactivatedCollaboratorA', 'ownerB'] as const) {
    for (const row of READS.filter((r) => r.expect[actor] >= 200 && r.expect[actor] < 300)) {
      it(`${row.route} as ${actor}`, async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: row.url ? await row.url(world.fixture, actor) : row.route,
          headers: { authorization: `Bearer ${world.sessions.get(actor)!.accessToken}` },
          ...(isStreamRoute(row.method, row.route) ? { payloadAsStream: true } : {}),
        });
        if (isStreamRoute(row.method, row.route)) {
          // A stream never ends: its first event is what it says on connect.
          expect(response.statusCode).toBe(row.expect[actor]);
          for await (const chunk of response.stream()) {
            expect(String(chunk)).not.toContain(marker);
            break;
          }
          return;
        }
        expect(response.statusCode, response.body).toBe(row.expect[actor]);
        expect(response.body).not.toContain(marker);
      });
    }
  }
});
