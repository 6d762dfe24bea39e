import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { LEAD_STATUS, ONBOARDING_SERVICE, ONBOARDING_STEP } from '@ledgerport/shared';
import { authThrottle, clients, leads, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { readOrCreateSecret } from '../../../lib/secrets.js';
import { sessionClientOf } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { ONBOARDING_LIMITS } from '../onboarding.service.js';
import {
  ONBOARDING,
  clientInformation,
  generalInfo,
  insertLead,
  intakeAnswers,
  solvedCaptcha,
} from './onboarding-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test its own IP, so the per-IP budgets of one never throttle another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip = '127.0.0.1') {
  return t.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
}
const fields = (body: { error: { details?: Array<{ field: string }> } }) =>
  (body.error.details ?? []).map((detail) => detail.field);
const leadRow = async (idHash: string) =>
  (await t.database.db.select().from(leads).where(eq(leads.idHash, idHash)))[0]!;

describe('lookups', () => {
  it('offers the contact positions of the spec, and the seeded lists', async () => {
    const positions = await call('GET', `${ONBOARDING}/contact-positions/all`);
    expect(positions.json()).toEqual([
      { value: '1', displayText: 'Owner' },
      { value: '2', displayText: 'Co-owner' },
      { value: '3', displayText: 'Director' },
      { value: '4', displayText: 'Manager' },
    ]);
    const services = await call('GET', `${ONBOARDING}/services/all`);
    expect(services.json().map((s: { name: string }) => s.name)).toEqual(['tax', 'bookkeeping', 'payroll']);
    for (const path of [
      'industries',
      'annual-sales-ranges',
      'employee-count-ranges',
      'accounting-software-tools',
      'acquisition-channels',
    ]) {
      const response = await call('GET', `${ONBOARDING}/${path}/all`);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().length, path).toBeGreaterThan(2);
    }
    expect((await call('GET', `${ONBOARDING}/captcha`)).json()).toEqual({ provider: 'altcha' });
  });
});

describe('captcha on creating a lead', () => {
  const expectCaptchaRequired = (response: {
    statusCode: number;
    json: () => { error: { message: string; details?: Array<{ field: string }> } };
  }) => {
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toEqual(['googleRecaptchaToken']);
    expect(response.json().error.message).toBe('This field is required');
  };

  it('refuses a missing or forged captcha', async () => {
    const ip = freshIp();
    expectCaptchaRequired(await call('POST', `${ONBOARDING}/leads`, generalInfo(), ip));
    expectCaptchaRequired(
      await call('POST', `${ONBOARDING}/leads`, { ...generalInfo(), googleRecaptchaToken: 'bm9wZQ==' }, ip),
    );
    const token = await solvedCaptcha(t.app, ip);
    const tampered = JSON.parse(Buffer.from(token, 'base64').toString());
    tampered.challenge.parameters.keyPrefix = '00';
    expectCaptchaRequired(
      await call(
        'POST',
        `${ONBOARDING}/leads`,
        { ...generalInfo(), googleRecaptchaToken: Buffer.from(JSON.stringify(tampered)).toString('base64') },
        ip,
      ),
    );
  });

  it('accepts a solution once only', async () => {
    const ip = freshIp();
    const token = await solvedCaptcha(t.app, ip);
    expect(
      (await call('POST', `${ONBOARDING}/leads`, { ...generalInfo(), googleRecaptchaToken: token }, ip)).statusCode,
    ).toBe(201);
    expectCaptchaRequired(
      await call('POST', `${ONBOARDING}/leads`, { ...generalInfo(), googleRecaptchaToken: token }, ip),
    );
  });

  it('refuses an expired challenge, even correctly signed and solved', async () => {
    const key = readOrCreateSecret(t.config.dataDir, 'altcha-hmac-key');
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 10,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: key,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expectCaptchaRequired(
      await call('POST', `${ONBOARDING}/leads`, { ...generalInfo(), googleRecaptchaToken: token }, freshIp()),
    );
  });
});

describe('the wizard end to end', () => {
  it('creates, resumes, applies every rule, and ends in an account that signs in with the e-mail', async () => {
    const ip = freshIp();
    // Step 1: owner names are required when the contact is not the owner.
    const noOwner = await call(
      'POST',
      `${ONBOARDING}/leads`,
      { ...generalInfo({ contactPosition: 3 }), googleRecaptchaToken: 'x' },
      ip,
    );
    expect(noOwner.statusCode).toBe(400);
    expect(fields(noOwner.json())).toEqual(expect.arrayContaining(['ownerFirstName', 'ownerLastName']));

    const created = await call(
      'POST',
      `${ONBOARDING}/leads`,
      { ...generalInfo(), googleRecaptchaToken: await solvedCaptcha(t.app, ip) },
      ip,
    );
    expect(created.statusCode).toBe(201);
    const { idHash } = created.json();
    expect(idHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const LEAD = `${ONBOARDING}/leads/${idHash}`;

    let lead = (await call('GET', LEAD, undefined, ip)).json();
    expect(lead).toMatchObject({
      status: LEAD_STATUS.generalInformation,
      step: ONBOARDING_STEP.intakeQuestions,
      intakeAnswers: null,
    });
    expect(lead.generalInfo.legalCompanyName).toBe('Acme LLC');

    // Steps cannot be skipped by a crafted request.
    expect((await call('GET', `${LEAD}/service-plans`, undefined, ip)).statusCode).toBe(409);
    expect((await call('PUT', `${LEAD}/quote`, { servicePlanIds: [4] }, ip)).json().error.code).toBe(
      'LEAD_STEP_NOT_ALLOWED',
    );
    expect((await call('PUT', `${LEAD}/contract`, undefined, ip)).statusCode).toBe(409);
    expect((await call('PUT', `${LEAD}/client-information`, clientInformation(), ip)).statusCode).toBe(409);

    // Step 1 again edits the lead; a director needs the owner's names.
    expect(
      (
        await call(
          'PUT',
          `${LEAD}/general-info`,
          generalInfo({ contactPosition: 3, ownerFirstName: 'Olga', ownerLastName: 'Owner' }),
          ip,
        )
      ).statusCode,
    ).toBe(204);
    expect(await leadRow(idHash)).toMatchObject({
      contactPosition: 3,
      ownerFirstName: 'Olga',
      status: LEAD_STATUS.generalInformation,
    });

    // Step 2: the conditional rules.
    const missingTool = await call(
      'PUT',
      `${LEAD}/intake-interview-answers`,
      intakeAnswers({ accountingSoftwareToolId: null }),
      ip,
    );
    expect(fields(missingTool.json())).toEqual(['accountingSoftwareToolId']);
    const noIndustry = await call('PUT', `${LEAD}/intake-interview-answers`, intakeAnswers({ industryId: null }), ip);
    expect(fields(noIndustry.json())).toEqual(['industryId']);
    const taxUnanswered = await call(
      'PUT',
      `${LEAD}/intake-interview-answers`,
      intakeAnswers({ services: [ONBOARDING_SERVICE.tax] }),
      ip,
    );
    expect(fields(taxUnanswered.json()).sort()).toEqual(['hasAnyReadyFinancialReport', 'yearToGetTaxService']);
    const payrollUnanswered = await call(
      'PUT',
      `${LEAD}/intake-interview-answers`,
      intakeAnswers({ currentlyGettingPayrollService: null }),
      ip,
    );
    expect(fields(payrollUnanswered.json())).toEqual(['currentlyGettingPayrollService']);
    const oldYear = await call(
      'PUT',
      `${LEAD}/intake-interview-answers`,
      intakeAnswers({ yearToGetBookkeepingService: 2000 }),
      ip,
    );
    expect(fields(oldYear.json())).toEqual(['yearToGetBookkeepingService']);

    // "No" clears the tool; Other industry stores the name and no id; unselected services' answers stay empty.
    const answered = await call(
      'PUT',
      `${LEAD}/intake-interview-answers`,
      intakeAnswers({
        industryId: 4,
        otherIndustryName: 'Beekeeping',
        currentlyDoingBookkeeping: false,
        accountingSoftwareToolId: 2,
        hasAnyReadyFinancialReport: true,
        yearToGetTaxService: new Date().getFullYear(),
      }),
      ip,
    );
    expect(answered.statusCode).toBe(204);
    expect(await leadRow(idHash)).toMatchObject({
      status: LEAD_STATUS.intakeQuestions,
      industryId: null,
      otherIndustryName: 'Beekeeping',
      currentlyDoingBookkeeping: false,
      accountingSoftwareToolId: null,
      hasAnyReadyFinancialReport: null,
      yearToGetTaxService: null,
      currentlyGettingPayrollService: false,
    });

    // Step 3: plans for bookkeeping + payroll: each alone, or their package; tax plans are not offered.
    const plans = (await call('GET', `${LEAD}/service-plans`, undefined, ip)).json();
    expect(plans.map((plan: { id: number }) => plan.id)).toEqual([2, 3, 4]);
    expect(plans[2]).toMatchObject({ isPackage: true, fee: 450, paymentFrequency: 1 });
    const overlapping = await call('PUT', `${LEAD}/quote`, { servicePlanIds: [2, 4] }, ip);
    expect(overlapping.json().error.code).toBe('LEAD_INVALID_QUOTE');
    expect((await call('PUT', `${LEAD}/quote`, { servicePlanIds: [2] }, ip)).statusCode).toBe(400);
    expect((await call('PUT', `${LEAD}/quote`, { servicePlanIds: [4] }, ip)).statusCode).toBe(204);
    lead = (await call('GET', LEAD, undefined, ip)).json();
    expect(lead).toMatchObject({ status: LEAD_STATUS.quote, step: ONBOARDING_STEP.contract, servicePlanIds: [4] });

    // Step 4: the contract PDF, then accepting it.
    const pdf = await call('GET', `${LEAD}/contract/download`, undefined, ip);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const now = new Date();
    const stamp = `${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCDate()).padStart(2, '0')}${now.getUTCFullYear()}`;
    expect(pdf.headers['content-disposition']).toContain(`filename="Contract-Acme LLC-${stamp}.pdf"`);
    expect((await call('GET', `${LEAD}/contract/preview`, undefined, ip)).headers['content-disposition']).toMatch(
      /^inline/,
    );
    expect((await call('PUT', `${LEAD}/contract`, undefined, ip)).statusCode).toBe(204);
    lead = (await call('GET', LEAD, undefined, ip)).json();
    expect(lead).toMatchObject({ status: LEAD_STATUS.contract, step: ONBOARDING_STEP.createAccount });
    expect(lead.contractDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // Step 5: e-mail availability, the field rules, then the account.
    const taken = await call(
      'GET',
      `${ONBOARDING}/email-address/${encodeURIComponent('B1G1_ADMIN@gmail.com')}/is-available?leadIdHash=${idHash}`,
      undefined,
      ip,
    );
    expect(taken.json()).toBe(false);
    const takenSubmit = await call(
      'PUT',
      `${LEAD}/client-information`,
      clientInformation({ emailAddress: 'b1g1_admin@gmail.com' }),
      ip,
    );
    expect(takenSubmit.statusCode).toBe(409);
    expect(takenSubmit.json().error.message).toContain('b1g1_admin@gmail.com');
    const badFields = await call(
      'PUT',
      `${LEAD}/client-information`,
      clientInformation({
        companyEmployerIdentificationNumber: '123456789',
        password: 'short',
        confirmPassword: 'other',
      }),
      ip,
    );
    expect(fields(badFields.json()).sort()).toEqual([
      'companyEmployerIdentificationNumber',
      'confirmPassword',
      'password',
    ]);

    const account = clientInformation({ companyWebsite: '' });
    expect(
      (
        await call(
          'GET',
          `${ONBOARDING}/email-address/${account.emailAddress}/is-available?leadIdHash=${idHash}`,
          undefined,
          ip,
        )
      ).json(),
    ).toBe(true);
    expect((await call('PUT', `${LEAD}/client-information`, account, ip)).statusCode).toBe(204);

    const row = await leadRow(idHash);
    expect(row.status).toBe(LEAD_STATUS.createAccount);
    expect(row.companyEinEncrypted).not.toContain('3456789');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, row.linkedUserId!));
    expect(user).toMatchObject({
      username: account.emailAddress,
      leadIdHash: idHash,
      isLeadOnboardingCompleted: false,
    });
    const [client] = await t.database.db.select().from(clients).where(eq(clients.id, row.clientId!));
    expect(client).toMatchObject({ name: 'Acme LLC', clientType: 1, ownerUserId: user!.id, website: null });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: account.emailAddress, password: account.password },
    });
    expect(signIn.json()).toMatchObject({
      resultType: 1,
      user: { username: account.emailAddress, isLeadOnboardingCompleted: false, leadIdHash: idHash, roles: ['client'] },
    });
    // The first session acts for the new client (ADR 0014: its last choice, set with the account).
    expect(await sessionClientOf(t.database.db, signIn.json().user.jwtToken)).toBe(client!.id);

    // The link is now read-only and reads nothing back.
    const after = await call('GET', LEAD, undefined, ip);
    expect(after.json()).toEqual({
      idHash,
      status: LEAD_STATUS.createAccount,
      step: ONBOARDING_STEP.done,
      generalInfo: null,
      intakeAnswers: null,
      servicePlanIds: [],
      contractDate: null,
      version: expect.stringMatching(/^\d+$/),
    });
    for (const secret of ['3456789', account.emailAddress, 'dana@acme.example', '010-3000'])
      expect(after.body).not.toContain(secret);
    expect((await call('PUT', `${LEAD}/general-info`, generalInfo(), ip)).json().error.code).toBe(
      'LEAD_ONBOARDING_CLOSED',
    );
    expect((await call('PUT', `${LEAD}/client-information`, clientInformation(), ip)).statusCode).toBe(409);
    expect((await call('GET', `${LEAD}/contract/download`, undefined, ip)).statusCode).toBe(409);
  });

  it('goes back to the intake status when the services change after the quote', async () => {
    const { idHash } = await insertLead(t.database.db, LEAD_STATUS.contract);
    const LEAD = `${ONBOARDING}/leads/${idHash}`;
    const ip = freshIp();
    // The same services keep the quote and the status.
    expect((await call('PUT', `${LEAD}/intake-interview-answers`, intakeAnswers(), ip)).statusCode).toBe(204);
    expect((await leadRow(idHash)).status).toBe(LEAD_STATUS.contract);
    expect(
      (
        await call(
          'PUT',
          `${LEAD}/intake-interview-answers`,
          intakeAnswers({ services: [ONBOARDING_SERVICE.payroll] }),
          ip,
        )
      ).statusCode,
    ).toBe(204);
    const row = await leadRow(idHash);
    expect(row).toMatchObject({
      status: LEAD_STATUS.intakeQuestions,
      contractAcceptedAt: null,
      currentlyDoingBookkeeping: null,
    });
    expect((await call('GET', LEAD, undefined, ip)).json().servicePlanIds).toEqual([]);
  });

  it('creates no account from a window that loaded the lead before another changed the services', async () => {
    const { idHash } = await insertLead(t.database.db, LEAD_STATUS.contract);
    const LEAD = `${ONBOARDING}/leads/${idHash}`;
    const ip = freshIp();
    const opened = await call('GET', LEAD, undefined, ip);
    expect(opened.headers.etag).toBe(`"${opened.json().version}"`);
    // The other window chooses other services: the quote and the contract are gone.
    const other = intakeAnswers({ services: [ONBOARDING_SERVICE.payroll] });
    expect((await call('PUT', `${LEAD}/intake-interview-answers`, other, ip)).statusCode).toBe(204);

    const account = clientInformation();
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${LEAD}/client-information`,
      remoteAddress: ip,
      headers: { 'if-match': opened.headers.etag as string },
      payload: account,
    });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json().error.details).toMatchObject({ changedBy: null, currentVersion: expect.any(String) });
    expect(await t.database.db.select().from(users).where(eq(users.emailAddress, account.emailAddress))).toEqual([]);
    expect((await leadRow(idHash)).status).toBe(LEAD_STATUS.intakeQuestions);
  });

  it('answers 404 to a guessed or deleted idHash and 400 to a malformed one', async () => {
    const guess = Buffer.alloc(32, 7).toString('base64url');
    expect((await call('GET', `${ONBOARDING}/leads/${guess}`)).statusCode).toBe(404);
    expect((await call('PUT', `${ONBOARDING}/leads/${guess}/contract`)).statusCode).toBe(404);
    expect((await call('GET', `${ONBOARDING}/leads/1`)).statusCode).toBe(400);
    const { id, idHash } = await insertLead(t.database.db);
    await t.database.db.update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, id));
    expect((await call('GET', `${ONBOARDING}/leads/${idHash}`)).statusCode).toBe(404);
  });
});

/**
 * Issue 17 item 4: the availability check answered anyone, for any address (staff included), without
 * limit. It now answers only inside a live onboarding, the lead at its create-account step, under a
 * per-IP and a per-lead budget.
 */
describe('e-mail availability is for a live onboarding only', () => {
  const isAvailable = (emailAddress: string, leadIdHash: string | undefined, ip: string) =>
    call(
      'GET',
      `${ONBOARDING}/email-address/${encodeURIComponent(emailAddress)}/is-available` +
        (leadIdHash === undefined ? '' : `?leadIdHash=${leadIdHash}`),
      undefined,
      ip,
    );

  it('answers for a lead at its create-account step, and refuses without one', async () => {
    const ip = freshIp();
    const lead = await insertLead(t.database.db, LEAD_STATUS.contract);
    expect((await isAvailable('b1g1_admin@gmail.com', lead.idHash, ip)).json()).toBe(false);
    expect((await isAvailable('fresh.prospect@example.com', lead.idHash, ip)).json()).toBe(true);

    const missing = await isAvailable('b1g1_admin@gmail.com', undefined, ip);
    expect(missing.statusCode).toBe(400);
    expect(fields(missing.json())).toEqual(['leadIdHash']);
    expect((await isAvailable('b1g1_admin@gmail.com', 'x', ip)).statusCode).toBe(400);
    // A well-formed guess: the same 404 as any unknown lead.
    expect((await isAvailable('b1g1_admin@gmail.com', 'A'.repeat(43), ip)).statusCode).toBe(404);
  });

  it('refuses a lead before or after its create-account step (409), without answering', async () => {
    const ip = freshIp();
    for (const [status, code] of [
      [LEAD_STATUS.generalInformation, 'LEAD_STEP_NOT_ALLOWED'],
      [LEAD_STATUS.quote, 'LEAD_STEP_NOT_ALLOWED'],
      [LEAD_STATUS.createAccount, 'LEAD_ONBOARDING_CLOSED'],
      [LEAD_STATUS.completed, 'LEAD_ONBOARDING_CLOSED'],
    ] as const) {
      const lead = await insertLead(t.database.db, status);
      const response = await isAvailable('b1g1_admin@gmail.com', lead.idHash, ip);
      expect(response.statusCode, String(status)).toBe(409);
      expect(response.json().error.code, String(status)).toBe(code);
    }
  });

  it('answers at most the per-lead budget of a run of checks, from however many addresses', async () => {
    const lead = await insertLead(t.database.db, LEAD_STATUS.contract);
    const statuses: number[] = [];
    // The review's run: 60 checks in a row; spread over IPs so that only the lead's budget counts.
    for (let i = 0; i < 60; i++) {
      statuses.push((await isAvailable(`someone${i}@example.com`, lead.idHash, freshIp())).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(ONBOARDING_LIMITS.emailChecks.perLead);
    expect(statuses.slice(ONBOARDING_LIMITS.emailChecks.perLead).every((status) => status === 429)).toBe(true);
  });

  it('answers at most the per-IP budget of checks from one address, whichever leads it names', async () => {
    const ip = freshIp();
    let answered = 0;
    for (let i = 0; i < ONBOARDING_LIMITS.emailChecks.perIp + 5; i++) {
      // A new lead every few checks, so that the per-lead budget never runs out first.
      const lead =
        i % 10 === 0 || !lastLead ? (lastLead = await insertLead(t.database.db, LEAD_STATUS.contract)) : lastLead;
      const response = await isAvailable(`probe${i}@example.com`, lead.idHash, ip);
      if (response.statusCode === 200) answered++;
      else expect(response.statusCode).toBe(429);
    }
    expect(answered).toBe(ONBOARDING_LIMITS.emailChecks.perIp);
    // Unknown leads spend the same budget: guessing idHashes is no way around it.
    expect((await isAvailable('b1g1_admin@gmail.com', 'A'.repeat(43), ip)).statusCode).toBe(429);
  });
  let lastLead: Awaited<ReturnType<typeof insertLead>> | undefined;
});

describe('throttling', () => {
  it('answers 429 with Retry-After once an IP spent its budget, on every public call', async () => {
    const ip = freshIp();
    await t.database.db
      .insert(authThrottle)
      .values({ key: `onboarding:ip:${ip}`, failures: ONBOARDING_LIMITS.calls.perIp, windowStartedAt: new Date() });
    for (const url of [
      `${ONBOARDING}/industries/all`,
      `${ONBOARDING}/captcha/challenge`,
      `${ONBOARDING}/email-address/a@b.c/is-available?leadIdHash=${'a'.repeat(43)}`,
    ]) {
      const response = await call('GET', url, undefined, ip);
      expect(response.statusCode, url).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await call('GET', `${ONBOARDING}/industries/all`, undefined, freshIp())).statusCode).toBe(200);
  });

  it('limits lead creation per IP more tightly', async () => {
    const ip = freshIp();
    await t.database.db.insert(authThrottle).values({
      key: `onboarding-create:ip:${ip}`,
      failures: ONBOARDING_LIMITS.creates.perIp,
      windowStartedAt: new Date(),
    });
    const response = await call('POST', `${ONBOARDING}/leads`, { ...generalInfo(), googleRecaptchaToken: 'x' }, ip);
    expect(response.statusCode).toBe(429);
  });
});
