import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_STATUS } from '@ledgerport/shared';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { DEMO_LEAD_COMPANY, ONBOARDING_DEMO_USER, seedDemoFirm } from '../demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

describe('the demo leads (spec 01 sections 2.3 and 4.4)', () => {
  it('has a lead part-way through the public wizard, resumable from its link at the contract', async () => {
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/document/leads',
      query: { legalCompanyName: DEMO_LEAD_COMPANY },
      headers: bearer(admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    const [lead] = list.json().items;
    expect(lead).toMatchObject({ legalCompanyName: DEMO_LEAD_COMPANY, status: { id: LEAD_STATUS.quote } });
    const details = (
      await t.app.inject({ method: 'GET', url: `/api/v1/document/leads/${lead.id}/details`, headers: bearer(admin) })
    ).json();
    const idHash = details.idHash;
    expect(idHash).toMatch(/^[\w-]{43}$/);
    const resumed = await t.app.inject({ method: 'GET', url: `/api/v1/document/onboarding/leads/${idHash}` });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: LEAD_STATUS.quote, servicePlanIds: [1, 2] });
  });

  it('has a client user whose lead is at "create account", so sign-in leads to the billing-info step', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/account/authenticate',
      payload: { usernameOrEmailAddress: ONBOARDING_DEMO_USER.emailAddress, password: ONBOARDING_DEMO_USER.password },
    });
    // What the web app reads to open the lead onboarding dialog (spec 01 section 2.3).
    expect(response.json().user).toMatchObject({
      isLeadOnboardingCompleted: false,
      leadIdHash: expect.stringMatching(/^[\w-]{43}$/),
    });
    const session = { accessToken: response.json().user.jwtToken.accessToken as string };
    const lead = await t.app.inject({ method: 'GET', url: '/api/v1/document/leads/me', headers: bearer(session) });
    expect(lead.statusCode, lead.body).toBe(200);
    expect(lead.json()).toMatchObject({ status: { id: LEAD_STATUS.createAccount }, isLeadOnboardingCompleted: false });
    // Its one business client is current, with bookkeeping among its services.
    const clients = (
      await t.app.inject({ method: 'GET', url: '/api/v1/document/users/me/clients', headers: bearer(session) })
    ).json();
    expect(clients).toEqual([
      expect.objectContaining({ name: ONBOARDING_DEMO_USER.companyName, usedBookkeepingServiceAtLeastOnce: true }),
    ]);
  });
});
