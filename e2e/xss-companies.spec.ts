import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './support.js';
import { PAYLOADS, packPayloads } from './xss/payloads.js';
import { installProbe, poke, visit } from './xss/probe.js';
import {
  corpusFor,
  corpusSize,
  inBatches,
  json,
  prospectAddress,
  sendFrom,
  signInApi,
  walkPages,
} from './xss/records.js';

/*
 * Issue 11 item 6 for company formation (see e2e/xss.spec.ts for the corpus and the other fields):
 * resident LLCs submitted through the public API as the wizard sends them, then the staff Companies
 * list and every company's details page. Each field gets the whole corpus, packed to its limit:
 *   - 256: legal name (after a run prefix), doing-business-as, registered agent company name and
 *     address lines, business address lines;
 *   - 100: other industry name, contact first and last name, registered agent city, business address
 *     city, organizer first/middle/last name, social security first and last name; the registered
 *     agent's first, middle and last names share one pass over the corpus (one name line);
 *   - 32: contact fax; at 32 characters most payloads are cut to their start (packPayloads), which
 *     is what a parser meets;
 *   - contact e-mail (pattern-checked, no whitespace, one at-sign): every payload that passes the
 *     pattern once `@x.co` is added.
 * The corpus is split over four tests (a details page per record takes about 2.5 s on the shared
 * 2-core machine), so the parts spread over the workers.
 * Not covered: SSN and the phone numbers (pattern-checked; phones are stored as digits), coupon code
 * (must name an existing coupon), passports (files).
 */
test.use({ bypassCSP: true });
// A page per record on the shared 2-core machine: a minute is not always enough under load.
test.describe.configure({ timeout: 180_000 });

const API = '/api/v1/company';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const RECORDS = corpusSize(100);
const L256 = corpusFor(256, RECORDS);
const L100 = corpusFor(100, RECORDS);
const L32 = packPayloads(32);
const PARTS = 4;
const EMAILS = PAYLOADS.map(({ text }) => `${text}@x.co`).filter((email) => EMAIL_PATTERN.test(email));
/** The first records carry a company as registered agent (its name), the others a person. */
const AGENT_COMPANIES = corpusSize(256);

async function optionId(request: APIRequestContext, url: string, text: string): Promise<number> {
  const options = await json<Array<{ value?: string; id?: number; displayText?: string; name?: string }>>(
    await request.get(url),
  );
  const found = options.find((option) => (option.displayText ?? option.name) === text)!;
  return Number(found.id ?? found.value);
}

function submission(index: number, prefix: string, ids: { stateId: number; countyId: number }) {
  const at = <T>(list: readonly T[], offset = 0) => list[(index + offset) % list.length]!;
  const person = index - AGENT_COMPANIES;
  const agentName =
    person < 0
      ? { registeredAgentType: 2, companyName: at(L256) }
      : {
          registeredAgentType: 1,
          firstName: L100[(3 * person) % RECORDS]!,
          middleName: L100[(3 * person + 1) % RECORDS]!,
          lastName: L100[(3 * person + 2) % RECORDS]!,
        };
  return {
    businessEntityType: 1,
    stateId: ids.stateId,
    legalName: `${prefix}${index} ${at(L256)}`.slice(0, 256),
    doingBusinessAs: at(L256),
    industryId: null,
    otherIndustryName: at(L100),
    contactFirstName: at(L100),
    contactLastName: at(L100),
    contactEmailAddress: at(EMAILS),
    contactPhoneNumber: '(555) 010-3232',
    contactFax: at(L32),
    registeredAgent: {
      ...agentName,
      addressLine1: at(L256),
      addressLine2: at(L256),
      city: at(L100),
      countyId: ids.countyId,
      zipCode: '22030',
      phoneNumber: '(555) 010-3233',
    },
    businessAddressType: 2,
    businessAddress: {
      addressLine1: at(L256),
      addressLine2: at(L256),
      city: at(L100),
      zipCode: '22030',
      phoneNumber: '(555) 010-3234',
    },
    managementStructure: 2,
    organizers: [{ titles: [], firstName: at(L100), middleName: at(L100), lastName: at(L100), shareOwnership: '100' }],
    socialSecurityNumber: '123-45-6789',
    socialSecurityFirstName: at(L100),
    socialSecurityLastName: at(L100),
  };
}

for (let part = 0; part < PARTS; part += 1) {
  test(`company formation texts (part ${part + 1} of ${PARTS}): Companies list and details run no payload`, async ({
    page,
    request,
  }) => {
    const prefix = `x${randomBytes(3).toString('hex')}-`;
    const stateId = await optionId(request, `${API}/states/all`, 'Virginia');
    const ids = {
      stateId,
      countyId: await optionId(request, `${API}/counties/all?stateId=${stateId}`, 'Fairfax County'),
    };
    const indexes = Array.from({ length: RECORDS }, (_, index) => index).filter((index) => index % PARTS === part);
    await inBatches(indexes, 4, async (index) => {
      // Each prospect from a loopback address of its own: submissions are throttled per address, and
      // the other specs' prospects share 127.0.0.1.
      const response = await sendFrom(prospectAddress(index, index % 2), 'POST', `${API}/companies/resident`, {
        body: submission(index, prefix, ids),
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(response.status, response.text).toBe(201);
    });
    // Newest first: this run's companies are on the first pages, mixed with the other parts' and other
    // specs' submissions made meanwhile, so read pages until every one of ours is found.
    const admin = await signInApi(request);
    const mine: Array<{ id: number; legalName: string }> = [];
    for (let offset = 0; offset < 1_000 && mine.length < indexes.length; offset += 100) {
      const listed = await json<{ items: Array<{ id: number; legalName: string }> }>(
        await request.get(`${API}/companies?limit=100&offset=${offset}`, { headers: admin }),
      );
      mine.push(...listed.items.filter((company) => company.legalName.startsWith(prefix)));
      if (listed.items.length < 100) break;
    }
    expect(mine).toHaveLength(indexes.length);

    const probe = await installProbe(page);
    await signIn(page, DEMO.admin);
    await walkPages(page, '/companies', 2);
    for (const company of mine) {
      await visit(page, `/companies/${company.id}/details`);
      await expect(page.getByRole('region', { name: 'Organizers' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(company.legalName.slice(0, 20));
      await poke(page);
    }
    probe.expectNone();
  });
}
