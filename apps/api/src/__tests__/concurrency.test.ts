import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CLIENT_TYPE,
  DISCOUNT_TYPE,
  ERROR_CODE,
  INVITATION_STATUS,
  REGISTRATION_ERROR_CODE,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  REQUEST_TEMPLATE_ERROR,
  SEND_INVITATION_RESULT,
} from '@ledgerport/shared';
import {
  bookkeepingRecords,
  clientServices,
  coupons,
  departments,
  invitations,
  requestTemplates,
  roles,
  services,
  tagGroups,
  tags,
  users,
} from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { anAdvisorId } from '../testing/client-edit-factories.js';
import { createDocument } from '../testing/documents-factories.js';
import { createClient, createUser } from '../testing/factories.js';
import { createInvitation, newEmail, registrationFor } from '../testing/invitations-factories.js';
import { bearer, signIn, type SignedIn } from '../testing/session.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { insertRequest } from '../modules/requests/__tests__/requests-fixtures.js';

/*
 * Races on the server (issue 21 item 4): requests that arrive together must leave the data as some
 * order of them one after the other would. Each case sends its requests at once (Promise.all). On
 * PostgreSQL they run on separate pooled connections and interleave between a service's check and
 * its insert: without its unique index every unique-rule case here fails there. PGlite runs one query
 * or transaction at a time, so there they rarely interleave; CI runs this file on both. What
 * guarantees each rule is listed in docs/reliability.md ("Races: unique rules and counters").
 */

const API = '/api/v1';
const PARALLEL = 10;

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let departmentId: number;
let clientRoleId: number;
let advisorUserId: number;
let taxServiceId: number;
let bookkeepingServiceId: number;

const db = () => t.database.db;
const unique = () => randomBytes(4).toString('hex');

type Method = 'GET' | 'POST' | 'PUT';
function call(session: SignedIn | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `${API}${url}`,
    headers: session ? bearer(session) : {},
    ...(payload ? { payload } : {}),
  });
}

type Response = Awaited<ReturnType<typeof call>>;

/** Exactly one answer succeeded and the other was refused with 409 and the rule's code; the winner. */
function expectOneWinner(responses: Response[], code: string): Response {
  const summary = responses.map((response) => `${response.statusCode} ${response.body.slice(0, 200)}`);
  const winners = responses.filter((response) => response.statusCode >= 200 && response.statusCode < 300);
  const losers = responses.filter((response) => response.statusCode === 409);
  expect(winners, summary.join('\n')).toHaveLength(1);
  expect(losers, summary.join('\n')).toHaveLength(responses.length - 1);
  for (const loser of losers) expect(loser.json().error.code).toBe(code);
  return winners[0]!;
}

async function countWhere(table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db()
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row!.value;
}

const sameText = (column: AnyPgColumn, value: string) => sql`lower(${column}) = lower(${value})`;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(db());
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const [department] = await db()
    .select({ id: departments.id })
    .from(departments)
    .orderBy(asc(departments.id))
    .limit(1);
  departmentId = department!.id;
  const [clientRole] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'client'));
  clientRoleId = clientRole!.id;
  advisorUserId = await anAdvisorId(db());
  const serviceIdOf = async (name: string) =>
    (await db().select({ id: services.id }).from(services).where(eq(services.name, name)))[0]!.id;
  taxServiceId = await serviceIdOf('tax');
  bookkeepingServiceId = await serviceIdOf('bookkeeping');
});
afterAll(() => t.close());

/**
 * A unique rule as the API enforces it: `body(values, n)` is a valid create (and edit) body whose
 * unique fields take `values` and whose other unique fields are the n-th request's own.
 */
interface UniqueRule {
  name: string;
  url: string;
  /** The edit of one object; omitted where the API has no edit of the field. */
  editUrl?: (id: number) => string;
  fields: string[];
  body: (values: Record<string, string>, n: number) => object;
  code: string;
  /** Rows holding `value` in `field`. */
  count: (field: string, value: string) => Promise<number>;
}

const RULES: UniqueRule[] = [
  {
    name: 'coupon code',
    url: '/company/coupons',
    fields: ['code'],
    body: (values) => ({
      title: 'Race',
      code: values.code,
      discountType: DISCOUNT_TYPE.fixed,
      discountValue: 10,
      expirationDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    }),
    code: ERROR_CODE.conflict,
    count: (_field, value) => countWhere(coupons, sameText(coupons.code, value)),
  },
  {
    name: 'role name and display name',
    url: '/identity/roles',
    editUrl: (id) => `/identity/roles/${id}`,
    fields: ['name', 'displayName'],
    body: (values, n) => ({
      name: values.name ?? `race-role-${n}-${unique()}`,
      displayName: values.displayName ?? `Race role ${n} ${unique()}`,
      description: null,
      permissions: ['role:list'],
    }),
    code: ERROR_CODE.conflict,
    count: (field, value) => countWhere(roles, sameText(field === 'name' ? roles.name : roles.displayName, value)),
  },
  {
    name: 'service name and display name',
    url: '/document/services',
    editUrl: (id) => `/document/services/${id}`,
    fields: ['name', 'displayName'],
    body: (values, n) => ({
      name: values.name ?? `race-service-${n}-${unique()}`,
      displayName: values.displayName ?? `Race service ${n} ${unique()}`,
      departmentId,
      color: '#1E88E5',
    }),
    code: ERROR_CODE.conflict,
    count: (field, value) =>
      countWhere(services, sameText(field === 'name' ? services.name : services.displayName, value)),
  },
  {
    name: 'tag group name and display name',
    url: '/document/tag-groups',
    editUrl: (id) => `/document/tag-groups/${id}`,
    fields: ['name', 'displayName'],
    body: (values, n) => ({
      name: values.name ?? `race-group-${n}-${unique()}`,
      displayName: values.displayName ?? `Race group ${n} ${unique()}`,
      color: '#123ABC',
      isMainTagGroup: false,
    }),
    code: ERROR_CODE.conflict,
    count: (field, value) =>
      countWhere(tagGroups, sameText(field === 'name' ? tagGroups.name : tagGroups.displayName, value)),
  },
  {
    name: 'user e-mail address',
    url: '/identity/users',
    fields: ['emailAddress'],
    body: (values, n) => ({
      firstName: 'Race',
      lastName: `User ${n}`,
      emailAddress: values.emailAddress,
      phoneNumber: '5550100555',
      roleId: clientRoleId,
      advisorUserId,
      password: 'Secret12',
      confirmPassword: 'Secret12',
    }),
    code: ERROR_CODE.conflict,
    count: (_field, value) => countWhere(users, sameText(users.emailAddress, value)),
  },
  {
    name: 'request template name',
    url: '/document/request-templates',
    editUrl: (id) => `/document/request-templates/${id}`,
    fields: ['name'],
    body: (values, n) => ({
      name: values.name ?? `Race template ${n} ${unique()}`,
      title: 'Year-end questions',
      serviceId: taxServiceId,
      dueOffsetDays: 10,
      items: [{ title: 'Any new dependants?', kind: REQUEST_ITEM_KIND.answer }],
    }),
    code: REQUEST_TEMPLATE_ERROR.nameTaken,
    count: (_field, value) => countWhere(requestTemplates, sameText(requestTemplates.name, value)),
  },
];

/** A value for `field` nobody holds yet, in the case the rule ignores (codes and names are case-insensitive). */
function freshValue(field: string): string {
  return field === 'emailAddress' ? `race_${unique()}@example.com` : `Race-${field}-${unique()}`;
}

describe('unique rules hold under concurrent creates', () => {
  for (const rule of RULES) {
    for (const field of rule.fields) {
      it(`${rule.name}: two creates with one ${field} make one row and one 409`, async () => {
        const value = freshValue(field);
        // The second asks in another case: the rule is case-insensitive, and so must its guarantee be.
        const responses = await Promise.all(
          [value, value.toUpperCase()].map((v, n) => call(admin, 'POST', rule.url, rule.body({ [field]: v }, n))),
        );
        expectOneWinner(responses, rule.code);
        expect(await rule.count(field, value)).toBe(1);
      });
    }
  }

  it('tag name and display name within a group: two creates with one name make one tag and one 409', async () => {
    const group = await call(admin, 'POST', '/document/tag-groups', {
      name: `race-tags-${unique()}`,
      displayName: `Race tags ${unique()}`,
      color: '#123ABC',
    });
    expect(group.statusCode, group.body).toBe(201);
    const tagGroupId = group.json().id as number;
    for (const field of ['name', 'displayName'] as const) {
      const value = freshValue(field);
      const body = (n: number) => ({
        tagGroupId,
        name: `race-tag-${n}-${unique()}`,
        displayName: `Race tag ${n} ${unique()}`,
        [field]: value,
      });
      const responses = await Promise.all([0, 1].map((n) => call(admin, 'POST', '/document/tags', body(n))));
      expectOneWinner(responses, ERROR_CODE.conflict);
      const column = field === 'name' ? tags.name : tags.displayName;
      expect(await countWhere(tags, and(eq(tags.tagGroupId, tagGroupId), sameText(column, value)))).toBe(1);
    }
  });

  it('the main tag group: two creates of a main group make one and one 409', async () => {
    // The demo firm has a main group: stop it being one, so both requests pass the friendly check.
    await db().update(tagGroups).set({ isMainTagGroup: false });
    try {
      const body = (n: number) => ({
        name: `race-main-${n}-${unique()}`,
        displayName: `Race main ${n} ${unique()}`,
        color: '#123ABC',
        isMainTagGroup: true,
      });
      const responses = await Promise.all([0, 1].map((n) => call(admin, 'POST', '/document/tag-groups', body(n))));
      expectOneWinner(responses, ERROR_CODE.conflict);
      expect(await countWhere(tagGroups, eq(tagGroups.isMainTagGroup, true))).toBe(1);
    } finally {
      await db().update(tagGroups).set({ isMainTagGroup: false });
      await db().update(tagGroups).set({ isMainTagGroup: true }).where(eq(tagGroups.name, 'document-type'));
    }
  });

  /** New users whose e-mails share a local part, created at once: each gets in with a username of its own. */
  async function expectDerivedUsernamesRace(create: (emailAddress: string, n: number) => Promise<Response>) {
    // The username is derived from the e-mail, not chosen: a race for it must not refuse anyone.
    const local = `race${unique()}`;
    const emails = [1, 2, 3, 4].map((n) => `${local}@${n}.example.com`);
    const responses = await Promise.all(emails.map(create));
    expect(
      responses.map((response) => response.statusCode),
      responses.map((response) => response.body).join('\n'),
    ).toEqual(emails.map(() => 201));
    const rows = await db()
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.emailAddress}) like ${`${local}@%`}`);
    expect(rows).toHaveLength(emails.length);
    expect(new Set(rows.map((row) => row.username.toLowerCase())).size).toBe(emails.length);
  }

  it('new users whose e-mails share a local part, created at once, each get a username of their own', async () => {
    const rule = RULES.find((candidate) => candidate.url === '/identity/users')!;
    await expectDerivedUsernamesRace((emailAddress, n) =>
      call(admin, 'POST', rule.url, rule.body({ emailAddress }, n)),
    );
  });

  it('new clients whose new owners share an e-mail local part, created at once, all get in', async () => {
    await expectDerivedUsernamesRace((emailAddress, n) =>
      call(admin, 'POST', '/document/clients', {
        clientType: CLIENT_TYPE.business,
        name: `Race client ${n} ${unique()}`,
        newOwner: {
          firstName: 'Race',
          lastName: `Owner ${n}`,
          emailAddress,
          phoneNumber: '(555) 222-3333',
          advisorUserId,
          password: 'Brand1New',
          confirmPassword: 'Brand1New',
        },
      }),
    );
  });

  it('registration: two invitations to one address registered at once make one user and one 409', async () => {
    const emailAddress = newEmail('race');
    const first = await createInvitation(db(), { senderUserId: advisor.userId, recipientEmailAddress: emailAddress });
    const second = await createInvitation(db(), { senderUserId: admin.userId, recipientEmailAddress: emailAddress });
    const responses = await Promise.all(
      [first, second].map((invitation) => call(null, 'POST', '/identity/register/client', registrationFor(invitation))),
    );
    expectOneWinner(responses, REGISTRATION_ERROR_CODE.emailAlreadyRegistered);
    expect(await countWhere(users, sameText(users.emailAddress, emailAddress))).toBe(1);
  });

  it('invitations: one sender inviting one address twice at once leaves one usable invitation', async () => {
    // A new invitation replaces the sender's earlier unused one: both sends are answered, one link works.
    const emailAddress = newEmail('race');
    const responses = await Promise.all(
      [emailAddress, emailAddress.toUpperCase()].map((recipientEmailAddress) =>
        call(advisor, 'POST', '/document/invitations/send', { recipientEmailAddress }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().resultType).toBe(SEND_INVITATION_RESULT.success);
    }
    const pending = and(
      eq(invitations.senderUserId, advisor.userId),
      sameText(invitations.recipientEmailAddress, emailAddress),
      ne(invitations.status, INVITATION_STATUS.registered),
    );
    expect(await countWhere(invitations, pending)).toBe(1);
  });
});

describe('unique rules hold under concurrent renames', () => {
  for (const rule of RULES) {
    if (!rule.editUrl) continue;
    for (const field of rule.fields) {
      it(`${rule.name}: two objects renamed to one ${field} at once: one 200, one 409`, async () => {
        const ids: number[] = [];
        for (const n of [0, 1]) {
          const created = await call(admin, 'POST', rule.url, rule.body({ [field]: freshValue(field) }, n));
          expect(created.statusCode, created.body).toBe(201);
          ids.push(created.json().id as number);
        }
        const value = freshValue(field);
        const responses = await Promise.all(
          ids.map((id, n) => call(admin, 'PUT', rule.editUrl!(id), rule.body({ [field]: value }, n))),
        );
        expectOneWinner(responses, rule.code);
        expect(await rule.count(field, value)).toBe(1);
      });
    }
  }

  it('user: two users renamed to one e-mail address or one username at once: one 200, one 409', async () => {
    for (const field of ['emailAddress', 'username'] as const) {
      const people = [await createUser(db(), { advisorUserId }), await createUser(db(), { advisorUserId })];
      const value = field === 'emailAddress' ? freshValue(field) : `race_${unique()}`;
      const body = (person: (typeof people)[number]) => ({
        firstName: person.firstName,
        lastName: person.lastName,
        emailAddress: person.emailAddress,
        username: person.username,
        phoneNumber: '5550100555',
        roleId: clientRoleId,
        advisorUserId,
        [field]: value,
      });
      const responses = await Promise.all(
        people.map((person) => call(admin, 'PUT', `/identity/users/${person.id}`, body(person))),
      );
      expectOneWinner(responses, ERROR_CODE.conflict);
      const column = field === 'emailAddress' ? users.emailAddress : users.username;
      expect(await countWhere(users, sameText(column, value))).toBe(1);
    }
  });
});

describe('counters and totals stay exact under concurrent writes', () => {
  it(`${PARALLEL} comments on one document at once: its comment count is ${PARALLEL}`, async () => {
    const owner = await createUser(db(), { role: 'client' });
    const client = await createClient(db(), { ownerUserId: owner.id });
    const document = await createDocument(db(), t.app.storage, {
      clientId: client.id,
      serviceId: taxServiceId,
      creatorUserId: owner.id,
    });
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, n) =>
        call(admin, 'POST', `/document/documents/${document.id}/comments`, { commentText: `Comment ${n}` }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const details = await call(admin, 'GET', `/document/documents/${document.id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().numberOfComments).toBe(PARALLEL);
    const comments = await call(admin, 'GET', `/document/documents/${document.id}/comments`);
    expect(comments.json()).toHaveLength(PARALLEL);
  });

  it('every item of a request accepted at once: all count as accepted and the request completes', async () => {
    const owner = await createUser(db(), { role: 'client' });
    const client = await createClient(db(), { ownerUserId: owner.id });
    const items = Array.from({ length: 4 }, () => ({ status: REQUEST_ITEM_STATUS.submitted }));
    const request = await insertRequest(db(), { clientId: client.id, serviceId: taxServiceId, items });
    const responses = await Promise.all(
      request.itemIds.map((itemId) => call(admin, 'PUT', `/document/requests/${request.id}/items/${itemId}/accept`)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const details = (await call(admin, 'GET', `/document/requests/${request.id}`)).json();
    expect(details).toMatchObject({ acceptedCount: items.length, submittedCount: 0, status: REQUEST_STATUS.completed });
  });

  it("a client's month saved for the first time twice at once: one row, one 201 and one 200", async () => {
    const owner = await createUser(db(), { role: 'client' });
    const client = await createClient(db(), { ownerUserId: owner.id });
    await db().insert(clientServices).values({ clientId: client.id, serviceId: bookkeepingServiceId });
    const body = (numberOfAccounts: number) => ({
      clientId: client.id,
      numberOfAccounts,
      isQuickBooksDraftDone: false,
      isQuickBooksReviewDone: false,
      year: 2024,
      month: 5,
    });
    const responses = await Promise.all([2, 3].map((n) => call(admin, 'POST', '/document/bookkeeping', body(n))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const rows = await db().select().from(bookkeepingRecords).where(eq(bookkeepingRecords.clientId, client.id));
    expect(rows).toHaveLength(1);
  });
});
