import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { ACCOUNT_SUBTYPE, CLIENT_TYPE, CONTRACTOR_TYPE, LEAD_STATUS, MARITAL_STATUS } from '@ledgerport/shared';
import { bankInstitutions, clientServices, mailMessages, services } from '../db/schema/index.js';
import { seedDemoFirm } from '../db/seed/demo.js';
import { buildApp } from '../app.js';
import { REFRESH_COOKIE } from '../modules/auth/auth.routes.js';
import { businessBody, individualBody, stateId } from '../modules/contractors/__tests__/contractors-fixtures.js';
import {
  formationReference,
  nonResidentBody,
  nonResidentFields,
  NON_RESIDENT_URL,
  RESIDENT_URL,
  residentPayload,
} from '../modules/formation/__tests__/formation-fixtures.js';
import { clientInformation, insertLead, ONBOARDING } from '../modules/onboarding/__tests__/onboarding-helpers.js';
import {
  categoryIds,
  insertAccountWithTransactions,
  markUsedBookkeeping,
} from '../modules/transaction-questions/__tests__/transaction-questions.factories.js';
import {
  clientEditForm,
  createEditableClient,
  testFieldCrypto,
  validBusinessForm,
} from '../testing/client-edit-factories.js';
import { pdfBytes } from '../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../testing/factories.js';
import {
  createObservedTestApp,
  dumpTables,
  findCanaries,
  jwtCanary,
  numberCanary,
  readTree,
  type Canary,
  type ObservedTestApp,
} from '../testing/secrets-canaries.js';
import { bearer, refreshCookieFrom, signIn, type SignedIn } from '../testing/session.js';
import { createTestDatabase } from '../testing/test-app.js';

/**
 * Issue 11 item 8: secrets planted through the main flows never appear in clear in the database, the
 * storage directory, the logs, or an API response, except where the spec shows them to an authorised user.
 */

const API = '/api/v1';
// Distinctive values: none of them occurs in the seed data, so any occurrence is the flow's doing.
const SECRET = {
  clientSsn: '987-65-4329',
  spouseSsn: '912-83-4756',
  clientBirthDate: '1971-03-14',
  clientTin: '61-8273645',
  onboardingEin: '74-1928365',
  routingNumber: '271828182',
  accountNumber: '4815162342108',
  formationSsn: '531-72-8846',
  passportFileName: 'passport-K4729183.pdf',
  contractorSsn: '478-31-9265',
  contractorEin: '83-4729165',
  password: 'Canary7Passw0rd',
  changedPassword: 'Canary8Rotated',
  messageSsn: '563-29-8417',
  subjectAccountNumber: '7305-9916-2284',
  questionNoteAccountNumber: '6029-4417-3851',
} as const;

let t: ObservedTestApp;
/** How far the app's access-token clock runs ahead of the real one. */
let tokenClockAheadMs = 0;
let admin: SignedIn;
const canaries: Canary[] = [
  numberCanary('client SSN', SECRET.clientSsn),
  numberCanary('spouse SSN', SECRET.spouseSsn),
  numberCanary('birth date', SECRET.clientBirthDate),
  numberCanary('client TIN', SECRET.clientTin),
  numberCanary('onboarding EIN', SECRET.onboardingEin),
  numberCanary('routing number', SECRET.routingNumber),
  numberCanary('account number', SECRET.accountNumber),
  numberCanary('formation SSN', SECRET.formationSsn),
  { name: 'passport file name', forms: [SECRET.passportFileName] },
  numberCanary('contractor SSN', SECRET.contractorSsn),
  numberCanary('contractor EIN', SECRET.contractorEin),
  { name: 'password', forms: [SECRET.password] },
  { name: 'changed password', forms: [SECRET.changedPassword] },
  numberCanary('message SSN', SECRET.messageSsn),
  numberCanary('message subject account number', SECRET.subjectAccountNumber),
  numberCanary('transaction question note', SECRET.questionNoteAccountNumber),
];
const byName = (name: string) => {
  const canary = canaries.find((c) => c.name === name);
  if (!canary) throw new Error(`No canary ${name}.`);
  return canary;
};

/**
 * Where the spec shows a secret to an authorised user, and why. A response matching `url` (and
 * `method`) may contain the named canaries; any other canary in it is still a leak.
 */
const EXCEPTIONS: Array<{ method: string; url: RegExp; canaries: string[]; reason: string }> = [
  {
    method: 'GET',
    url: /^\/api\/v1\/document\/clients\/(personal|business)\/\d+$/,
    canaries: ['client SSN', 'spouse SSN', 'birth date', 'client TIN'],
    reason: 'docs/clients.md: the edit form GET returns full values to client:edit holders (audited)',
  },
  {
    method: 'PUT',
    url: /^\/api\/v1\/document\/clients\/(personal|business)\/\d+$/,
    canaries: ['client SSN', 'spouse SSN', 'birth date', 'client TIN'],
    reason: 'the edit form PUT (client:edit) answers the saved form: it repeats what the caller just sent',
  },
  {
    method: 'GET',
    url: /^\/api\/v1\/document\/contractors\/(individual|business)\/\d+$/,
    canaries: ['contractor SSN', 'contractor EIN'],
    reason: 'docs/contractors.md: get-by-id returns the full number to contractor:edit holders',
  },
  {
    method: 'GET',
    url: /^\/api\/v1\/company\/companies\/\d+(\/organizers\/\d+\/passport)?$/,
    canaries: ['passport file name'],
    reason: 'docs/companies.md: company:view holders see the uploaded passport file name (encrypted at rest)',
  },
  {
    method: 'GET',
    url: /^\/api\/v1\/document\/conversations(\/\d+(\/messages)?|\/search)?$/,
    canaries: ['message SSN', 'message subject account number'],
    reason: 'docs/messages.md: a conversation’s readers get its subject and messages (page, preview, search snippet)',
  },
  {
    method: 'POST',
    url: /^\/api\/v1\/document\/conversations(\/\d+\/messages)?$/,
    canaries: ['message SSN', 'message subject account number'],
    reason: 'sending answers the message (or the new conversation with its subject and preview) to its author',
  },
  {
    method: 'GET',
    url: /^\/api\/v1\/document\/clients\/\d+\/transaction-questions(\/\d+)?$/,
    canaries: ['transaction question note'],
    reason: 'docs/reconciliation.md: the people in the question’s scope read the client’s answer note',
  },
  {
    method: 'PUT',
    url: /^\/api\/v1\/document\/clients\/\d+\/transaction-questions\/\d+\/(answer|resolve|ask-again)$/,
    canaries: ['transaction question note'],
    reason: 'an answer, resolve or ask again answers the question with its note to people in its scope',
  },
  {
    method: 'POST',
    url: /^\/api\/v1\/authentication\/account\/authenticate$/,
    canaries: ['sign-in access token', 'sign-in refresh token'],
    reason: 'DESIGN.md section 5: sign-in issues the tokens (body, and the refresh cookie)',
  },
  {
    method: 'GET',
    url: /^\/api\/v1\/authentication\/account\/refresh-jwt-tokens$/,
    canaries: ['refreshed access token', 'refreshed refresh token'],
    reason: 'DESIGN.md section 5: refresh issues the next tokens (body, and the refresh cookie)',
  },
];

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  session?: SignedIn,
  payload?: object | FormData,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(session ? bearer(session) : {}), ...headers },
    ...(payload ? { payload: payload as object } : {}),
  });

async function expectStatus<T extends { statusCode: number; body: string }>(response: Promise<T>, status: number) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

/** Registration through onboarding, billing info, sign-in, refresh, password change, logout. */
async function accountFlows() {
  const lead = await insertLead(t.database.db, LEAD_STATUS.contract, 'Canary Holdings LLC');
  const account = clientInformation({
    password: SECRET.password,
    confirmPassword: SECRET.password,
    companyEmployerIdentificationNumber: SECRET.onboardingEin,
  });
  await expectStatus(call('PUT', `${ONBOARDING}/leads/${lead.idHash}/client-information`, undefined, account), 204);

  const session = await signIn(t.app, account.emailAddress, SECRET.password);
  canaries.push(jwtCanary('sign-in access token', session.accessToken), {
    name: 'sign-in refresh token',
    forms: [session.refreshToken],
  });
  await expectStatus(
    call('PUT', `${API}/document/leads/me/billing-info`, session, {
      companyBankName: 'Canary Savings',
      companyBankRoutingNumber: SECRET.routingNumber,
      companyBankAccountingNumber: SECRET.accountNumber,
    }),
    204,
  );
  await expectStatus(call('GET', `${API}/document/leads/me`, session), 200);

  // JWTs carry whole seconds: within the same second the refreshed access token would equal the first,
  // so the tokens' clock moves on a second instead of the test waiting for one.
  tokenClockAheadMs += 1_000;
  // The browser's refresh: the token in the HttpOnly cookie, the new one back in the cookie.
  const refreshed = await expectStatus(
    call('GET', `${API}/authentication/account/refresh-jwt-tokens`, undefined, undefined, {
      cookie: `${REFRESH_COOKIE}=${session.refreshToken}`,
    }),
    200,
  );
  const nextRefresh = refreshCookieFrom(refreshed.headers['set-cookie']);
  if (!nextRefresh) throw new Error('No refresh cookie after refresh.');
  const next: SignedIn = { ...session, accessToken: JSON.parse(refreshed.body).accessToken, refreshToken: nextRefresh };
  expect(next.accessToken).not.toBe(session.accessToken);
  canaries.push(jwtCanary('refreshed access token', next.accessToken), {
    name: 'refreshed refresh token',
    forms: [nextRefresh],
  });
  await expectStatus(call('GET', `${API}/identity/users/me`, next), 200);

  await expectStatus(
    call('PATCH', `${API}/identity/users/me/password`, next, {
      oldPassword: SECRET.password,
      password: SECRET.changedPassword,
      confirmPassword: SECRET.changedPassword,
    }),
    204,
  );
  const again = await signIn(t.app, account.emailAddress, SECRET.changedPassword);
  await expectStatus(call('POST', `${API}/authentication/account/logout`, again), 204);
  await expectStatus(call('POST', `${API}/authentication/account/logout`, next), 204);
}

/** Staff edit a personal client (SSN, birth date, spouse) and a business client (TIN), and search by them. */
async function clientFlows() {
  const db = t.database.db;
  const personal = await createEditableClient(db, { clientType: CLIENT_TYPE.personal });
  const { name: _name, ...base } = await validBusinessForm(db, personal);
  await expectStatus(
    call(
      'PUT',
      `${API}/document/clients/personal/${personal.id}`,
      admin,
      clientEditForm({
        ...base,
        firstName: 'Cora',
        lastName: 'Canary',
        SocialSecurityNumber: SECRET.clientSsn,
        BIRTHDATE: SECRET.clientBirthDate,
        maritalStatus: String(MARITAL_STATUS.married),
        'spouseInfo.firstName': 'Sid',
        'spouseInfo.lastName': 'Canary',
        'spouseInfo.socialSecurityNumber': SECRET.spouseSsn,
        'spouseInfo.birthDate': '1970-01-02',
      }),
    ),
    200,
  );
  const business = await createEditableClient(db);
  await expectStatus(
    call(
      'PUT',
      `${API}/document/clients/business/${business.id}`,
      admin,
      clientEditForm(await validBusinessForm(db, business, { taxpayerIdentificationNumber: SECRET.clientTin })),
    ),
    200,
  );
  await expectStatus(call('GET', `${API}/document/clients/personal/${personal.id}`, admin), 200);
  await expectStatus(call('GET', `${API}/document/clients/business/${business.id}`, admin), 200);
  // Exact-match search by the number, as the clients page sends it.
  const bySsn = await expectStatus(
    call('GET', `${API}/document/clients?socialSecurityNumber=${SECRET.clientSsn}`, admin),
    200,
  );
  expect(JSON.parse(bySsn.body).items.map((c: { id: number }) => c.id)).toEqual([personal.id]);
  await expectStatus(
    call('GET', `${API}/document/clients?taxpayerIdentificationNumber=${SECRET.clientTin}`, admin),
    200,
  );
}

/** Public formation: a resident LLC with an SSN, a non-resident Corporation with a passport. */
async function formationFlows() {
  const ref = await formationReference(t.database.db);
  await expectStatus(
    call('POST', RESIDENT_URL, undefined, residentPayload(ref, { socialSecurityNumber: SECRET.formationSsn })),
    201,
  );
  const body = nonResidentBody(nonResidentFields(ref), [
    { index: 0, fileName: SECRET.passportFileName, content: pdfBytes('passport main page') },
  ]);
  await expectStatus(
    t.app.inject({ method: 'POST', url: NON_RESIDENT_URL, payload: body.payload, headers: body.headers }),
    201,
  );
  const list = await expectStatus(call('GET', `${API}/company/companies`, admin), 200);
  for (const company of JSON.parse(list.body).items as Array<{ id: number }>) {
    const details = await expectStatus(call('GET', `${API}/company/companies/${company.id}`, admin), 200);
    for (const organizer of JSON.parse(details.body).organizers as Array<{
      id: number;
      mainPageOfPassport: unknown;
    }>) {
      if (!organizer.mainPageOfPassport) continue;
      await expectStatus(
        call('GET', `${API}/company/companies/${company.id}/organizers/${organizer.id}/passport`, admin),
        200,
      );
    }
  }
}

/**
 * A client user types an SSN into a secure message (issue 23); the firm reads, searches and answers.
 * Stored encrypted, left out of the search vector, never logged.
 */
async function messageFlows() {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  await chooseCurrentClient(db, owner.id, client.id);
  const session = await signIn(t.app, owner.username, owner.password);
  const conversations = `${API}/document/conversations`;
  const started = await expectStatus(
    call('POST', conversations, session, {
      subject: `My spouse’s number, and account ${SECRET.subjectAccountNumber}`,
      html: `<p>Her SSN is ${SECRET.messageSsn}, for the return.</p>`,
    }),
    201,
  );
  const { id } = JSON.parse(started.body) as { id: number };
  await expectStatus(call('GET', `${conversations}?unread=true`, admin), 200);
  await expectStatus(call('GET', `${conversations}/${id}/messages`, admin), 200);
  await expectStatus(call('GET', `${conversations}/search?q=spouse%20return`, admin), 200);
  await expectStatus(call('GET', `${conversations}/search?q=${SECRET.messageSsn}`, admin), 200);
  await expectStatus(
    call('POST', `${conversations}/${id}/messages`, admin, { html: '<p>Received, thank you.</p>' }),
    201,
  );
}

/**
 * The firm asks about a bank transaction; the client answers with an account number in the note
 * (issue 24 item 1); the firm reads and resolves it. Stored encrypted, never logged or audited.
 */
async function transactionQuestionFlows() {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  await markUsedBookkeeping(db, client.id);
  await chooseCurrentClient(db, owner.id, client.id);
  const session = await signIn(t.app, owner.username, owner.password);
  const { transactionIds } = await insertAccountWithTransactions(db, client.id, { count: 1 });
  const [categoryId] = await categoryIds(db);
  const url = `${API}/document/clients/${client.id}/transaction-questions`;
  const asked = await expectStatus(
    call('POST', url, admin, { transactionIds, question: 'What was this payment for?' }),
    201,
  );
  const { id } = (JSON.parse(asked.body) as { items: Array<{ id: number }> }).items[0]!;
  await expectStatus(
    call('PUT', `${url}/${id}/answer`, session, {
      categoryId,
      note: `Paid from our savings account ${SECRET.questionNoteAccountNumber}`,
    }),
    200,
  );
  await expectStatus(call('GET', url, admin), 200);
  await expectStatus(call('PUT', `${url}/${id}/resolve`, admin), 200);
}

/** Staff add an individual and a business contractor to a business client, then list and open them. */
async function contractorFlows() {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  const ny = await stateId(db);
  const individual = await expectStatus(
    call(
      'POST',
      `${API}/document/contractors`,
      admin,
      individualBody(ny, {
        clientId: client.id,
        socialSecurityNumberOrTaxpayerIdentificationNumber: SECRET.contractorSsn,
      }),
    ),
    201,
  );
  const business = await expectStatus(
    call(
      'POST',
      `${API}/document/contractors`,
      admin,
      businessBody(ny, { clientId: client.id, employerIdentificationNumber: SECRET.contractorEin }),
    ),
    201,
  );
  expect(JSON.parse(individual.body).contractorType.id).toBe(CONTRACTOR_TYPE.individual);
  await expectStatus(call('GET', `${API}/document/contractors`, admin), 200);
  await expectStatus(
    call('GET', `${API}/document/contractors/individual/${JSON.parse(individual.body).id}`, admin),
    200,
  );
  await expectStatus(call('GET', `${API}/document/contractors/business/${JSON.parse(business.body).id}`, admin), 200);
}

/** The sandbox bank's link flow and a sync; the access token it hands the server becomes a canary. */
async function bankLinkFlows() {
  const db = t.database.db;
  const owner = await createUser(db, { role: 'client' });
  const client = await createClient(db, { ownerUserId: owner.id });
  const [bookkeeping] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'bookkeeping'));
  await db.insert(clientServices).values({ clientId: client.id, serviceId: bookkeeping!.id });
  await chooseCurrentClient(db, owner.id, client.id);

  const accounts = `${API}/document/clients/${client.id}/institution-accounts`;
  const token = await expectStatus(
    call('POST', `${accounts}/link-token`, admin, { subtype: ACCOUNT_SUBTYPE.checking }),
    200,
  );
  const login = await expectStatus(
    call('POST', `${API}/document/reconciliation/sandbox/public-token`, admin, {
      linkToken: JSON.parse(token.body).linkToken,
      institutionId: 'ins_sandbox_platypus',
      username: 'user_good',
      password: 'pass_good',
    }),
    200,
  );
  await expectStatus(call('POST', accounts, admin, { publicToken: JSON.parse(login.body).publicToken }), 201);
  await t.app.worker.drain();
  await expectStatus(call('POST', `${accounts}/synchronize`, admin), 202);
  await t.app.worker.drain();
  await expectStatus(call('GET', accounts, admin), 200);

  const [institution] = await db
    .select({ accessTokenEncrypted: bankInstitutions.accessTokenEncrypted })
    .from(bankInstitutions)
    .where(eq(bankInstitutions.clientId, client.id));
  const accessToken = testFieldCrypto(t.config.encryptionKey!).decrypt(institution!.accessTokenEncrypted);
  expect(accessToken).toMatch(/^access-sandbox-[0-9a-f]{48}$/);
  canaries.push({ name: 'bank-link access token', forms: [accessToken, accessToken.slice('access-sandbox-'.length)] });
}

/**
 * Issue 17 item 3: a reset and an invitation e-mailed; their links' tokens become canaries. The outbox
 * keeps the bodies encrypted, so no table holds a token in clear (the token tables keep hashes).
 */
async function mailFlows() {
  await expectStatus(
    call('POST', `${API}/identity/account/send-reset-password-email`, undefined, {
      emailAddress: 'b1g3_supervisor@gmail.com',
    }),
    200,
  );
  await expectStatus(
    call('POST', `${API}/document/invitations/send`, admin, { recipientEmailAddress: 'canary-invitee@example.com' }),
    200,
  );
  await t.app.worker.drain();
  const crypto = testFieldCrypto(t.config.encryptionKey!);
  const outbox = await t.database.db.select().from(mailMessages);
  const tokenOf = (template: string) => {
    const row = outbox.find((m) => m.template === template);
    const token = /[?&]token=([\w-]{20,})/.exec(crypto.decrypt(row!.text!))?.[1];
    if (!token) throw new Error(`No token in the ${template} e-mail.`);
    return token;
  };
  canaries.push(
    { name: 'reset token', forms: [tokenOf('passwordReset')] },
    { name: 'invitation token', forms: [tokenOf('invitation')] },
  );
}

/**
 * Issue 17 item 2: values that travel in URL paths. They are stored in clear where the product needs
 * them (a lead's idHash, a coupon code, an e-mail address), so they are looked for in the logs only.
 */
const PATH_SECRET = {
  shareToken: 'CanaryShareTok3n_x7Yq2Lw9Pz4Rk8Vm1Nb6Hc5Jd0Fs',
  emailAddress: 'canary.path.7731@example.com',
  couponCode: 'CANARYPATH77',
  unmatched: 'Unmatched-Canary-9917',
} as const;
const pathCanaries: Canary[] = [
  { name: 'share token in a path', forms: [PATH_SECRET.shareToken] },
  {
    name: 'e-mail address in a path',
    forms: [PATH_SECRET.emailAddress, encodeURIComponent(PATH_SECRET.emailAddress)],
  },
  { name: 'coupon code in a path', forms: [PATH_SECRET.couponCode] },
  { name: 'unmatched path segment', forms: [PATH_SECRET.unmatched] },
];

/** Requests whose paths carry a secret, matched and unmatched, signed in and not. */
async function pathFlows() {
  const lead = await insertLead(t.database.db, LEAD_STATUS.contract, 'Canary Path LLC');
  pathCanaries.push({ name: 'lead idHash in a path', forms: [lead.idHash] });
  await call('GET', `${ONBOARDING}/leads/${lead.idHash}`);
  await call(
    'GET',
    `${ONBOARDING}/email-address/${encodeURIComponent(PATH_SECRET.emailAddress)}/is-available?leadIdHash=${lead.idHash}`,
  );
  await call('GET', `${API}/identity/users/email-address/${PATH_SECRET.emailAddress}/is-available`, admin);
  await call('GET', `${API}/document/shared/${PATH_SECRET.shareToken}`);
  await call('GET', `${API}/document/shared/${PATH_SECRET.shareToken}/download`);
  await call('GET', `${API}/company/coupons/code/${PATH_SECRET.couponCode}/is-available`, admin);
  await call('GET', `${API}/company/coupons/${PATH_SECRET.couponCode}/verify`);
  // No route matches these: the path is logged with its non-word segments redacted.
  await call('GET', `${API}/document/shared/${PATH_SECRET.unmatched}/nowhere/${PATH_SECRET.emailAddress}`);
  await call('GET', `/shared-link/${PATH_SECRET.shareToken}?token=${PATH_SECRET.unmatched}`);
}

beforeAll(async () => {
  t = await createObservedTestApp({}, { now: () => Date.now() + tokenClockAheadMs });
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  await accountFlows();
  await clientFlows();
  await formationFlows();
  await contractorFlows();
  await bankLinkFlows();
  await mailFlows();
  await messageFlows();
  await transactionQuestionFlows();
  await pathFlows();
  await t.app.worker.drain();
}, 240_000);
afterAll(() => t?.close());

describe('secrets at rest and in transit (canaries)', () => {
  it('logs through config/logger.ts by default, as the observed app above does', async () => {
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({ database, config: { ...t.config, logLevel: 'silent' } });
    try {
      const serializers = (app.log as unknown as Record<symbol, Record<string, (value: unknown) => { url?: string }>>)[
        pino.symbols.serializersSym
      ];
      const request = { method: 'GET', url: `/api/v1/document/clients?socialSecurityNumber=${SECRET.clientSsn}` };
      expect(serializers?.req?.(request).url).toBe('/api/v1/document/clients?socialSecurityNumber=[redacted]');
    } finally {
      await app.close();
      await drop();
    }
  }, 60_000);

  it('finds no canary in a plain dump of any table', async () => {
    const dump = await dumpTables(t.database.db);
    // The dump covers the tables the flows wrote to.
    for (const table of [
      'public.clients',
      'public.leads',
      'public.contractors',
      'public.bank_institutions',
      'public.mail_messages',
      'public.password_reset_tokens',
    ]) {
      expect(dump.get(table), table).toBeTruthy();
    }
    expect(findCanaries(canaries, dump)).toEqual([]);
  });

  it('finds no canary in any file of the storage directory', () => {
    const files = readTree(t.config.dataDir);
    // The passport upload went to storage: the walk reads real blobs.
    expect(files.size).toBeGreaterThan(0);
    expect(findCanaries(canaries, files)).toEqual([]);
  });

  it('finds no canary in the logs', () => {
    // The logger ran at trace level through every request.
    expect(t.logLines.length).toBeGreaterThan(t.responses.length);
    expect(t.logLines.some((line) => line.includes('/company/companies/non-resident'))).toBe(true);
    // The search by SSN was logged, with the parameter's value withheld (config/logger.ts).
    expect(t.logLines.some((line) => line.includes('/document/clients?socialSecurityNumber=[redacted]'))).toBe(true);
    const logs = new Map(t.logLines.map((line, index) => [`log line ${index + 1}`, line]));
    expect(findCanaries(canaries, logs)).toEqual([]);
  });

  it('finds no secret carried in a URL path in the logs: routes are logged by their pattern', () => {
    const logged = (pattern: string) => t.logLines.some((line) => line.includes(`"url":"${pattern}`));
    expect(logged('/api/v1/document/shared/:token"')).toBe(true);
    expect(logged('/api/v1/document/onboarding/email-address/:emailAddress/is-available?leadIdHash=[redacted]"')).toBe(
      true,
    );
    expect(logged('/api/v1/company/coupons/:code/verify"')).toBe(true);
    expect(logged('/api/v1/document/onboarding/leads/:idHash/client-information"')).toBe(true);
    expect(logged('/api/v1/document/shared/[redacted]/nowhere/[redacted]"')).toBe(true);
    expect(logged('/shared-link/[redacted]?token=[redacted]"')).toBe(true);
    const logs = new Map(t.logLines.map((line, index) => [`log line ${index + 1}`, line]));
    expect(findCanaries(pathCanaries, logs)).toEqual([]);
  });

  it('finds no canary in an API response except where the spec shows it to an authorised user', () => {
    expect(t.responses.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    for (const response of t.responses) {
      const path = response.url.split('?')[0]!;
      const allowed = new Set(
        EXCEPTIONS.filter((e) => e.method === response.method && e.url.test(path)).flatMap((e) => e.canaries),
      );
      const place = `${response.method} ${response.url} (${response.statusCode})`;
      leaks.push(
        ...findCanaries(
          canaries.filter((c) => !allowed.has(c.name)),
          new Map([[place, `${response.headers}\n${response.body}`]]),
        ),
      );
    }
    expect(leaks).toEqual([]);
  });

  it('does show each excepted secret where the spec says it is shown (the search sees what is there)', () => {
    const shown = (url: RegExp, name: string) =>
      t.responses.some((r) => url.test(r.url) && byName(name).forms.some((form) => r.body.includes(form)));
    expect(shown(/\/document\/clients\/personal\/\d+$/, 'client SSN')).toBe(true);
    expect(shown(/\/document\/clients\/personal\/\d+$/, 'spouse SSN')).toBe(true);
    expect(shown(/\/document\/clients\/business\/\d+$/, 'client TIN')).toBe(true);
    expect(shown(/\/document\/contractors\/individual\/\d+$/, 'contractor SSN')).toBe(true);
    expect(shown(/\/document\/contractors\/business\/\d+$/, 'contractor EIN')).toBe(true);
    expect(shown(/\/company\/companies\/\d+$/, 'passport file name')).toBe(true);
    expect(shown(/\/authentication\/account\/authenticate$/, 'sign-in access token')).toBe(true);
    expect(shown(/\/refresh-jwt-tokens$/, 'refreshed access token')).toBe(true);
    expect(shown(/\/document\/conversations\/\d+\/messages$/, 'message SSN')).toBe(true);
    expect(shown(/\/document\/conversations$/, 'message subject account number')).toBe(true);
    expect(shown(/\/transaction-questions$/, 'transaction question note')).toBe(true);
  });
});
