import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { County, DropdownOption, FormationState } from '@ledgerport/shared';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { bearer, signIn } from '../../../testing/session.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return { body: response.json() as T, headers: response.headers };
};

const states = () => get<FormationState[]>('/api/v1/company/states/all').then((r) => r.body);
const stateNamed = async (name: string) => (await states()).find((s) => s.name === name)!;

describe('GET company/states/all', () => {
  it('lists the states from the reference migration by name, without signing in, trailing slash or not', async () => {
    const { body, headers } = await get<FormationState[]>('/api/v1/company/states/all/');
    expect(body).toHaveLength(56);
    expect(body[0]).toMatchObject({ value: String(body[0]!.id), displayText: 'Alabama', name: 'Alabama' });
    expect(body.map((s) => s.name)).toEqual(expect.arrayContaining(['Washington D.C.', 'Puerto Rico']));
    expect(body.map((s) => s.name)).not.toContain('District of Columbia');
    expect(headers['cache-control']).toBe('public, max-age=3600');
  });

  it('gives the 50 states and Washington D.C. both resident filing fees and a name search; territories none', async () => {
    const all = await states();
    const formable = all.filter((s) => s.llcFilingFeeForResidents !== null);
    expect(formable).toHaveLength(51);
    for (const state of formable) {
      expect(state.corporationFilingFeeForResidents, state.name).toBeGreaterThan(0);
      expect(state.llcFilingFeeForResidents, state.name).toBeGreaterThan(0);
      expect(state.checkBusinessNameAvailabilityUrl, state.name).toMatch(/^https:\/\//);
    }
    const territories = all.filter((s) => s.llcFilingFeeForResidents === null).map((s) => s.name);
    expect(territories.sort()).toEqual(
      ['American Samoa', 'Guam', 'Northern Mariana Islands', 'Puerto Rico', 'U.S. Virgin Islands'].sort(),
    );
    expect(all.find((s) => s.name === 'Guam')).toMatchObject({
      corporationFilingFeeForResidents: null,
      checkBusinessNameAvailabilityUrl: null,
    });
  });

  it('charges 100 dollars for a Virginia LLC (the worked example: 100 + 6 + 150 = 256)', async () => {
    expect((await stateNamed('Virginia')).llcFilingFeeForResidents).toBe(100);
  });

  it('answers a signed-in staff user and client user alike', async () => {
    for (const login of ['b1g1_admin@gmail.com', 'b1g1_client']) {
      const session = await signIn(t.app, login, 'Group1');
      const { body } = await get<FormationState[]>('/api/v1/company/states/all', bearer(session));
      expect(body).toHaveLength(56);
    }
  });
});

describe('GET company/counties/all', () => {
  it("lists one state's counties under their official names, by name", async () => {
    const maryland = await stateNamed('Maryland');
    const { body, headers } = await get<County[]>(`/api/v1/company/counties/all/?stateId=${maryland.id}`);
    const names = body.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Kent County', 'Caroline County', 'Baltimore city']));
    expect(names).toHaveLength(24);
    expect(names).toEqual([...names].sort());
    expect(body.every((c) => c.stateId === maryland.id)).toBe(true);
    expect(headers['cache-control']).toBe('public, max-age=3600');
  });

  it('uses the county equivalents: parishes, boroughs and independent cities', async () => {
    const countiesOf = async (state: string) =>
      (await get<County[]>(`/api/v1/company/counties/all?stateId=${(await stateNamed(state)).id}`)).body.map(
        (c) => c.name,
      );
    expect(await countiesOf('Louisiana')).toContain('Orleans Parish');
    expect(await countiesOf('Alaska')).toEqual(expect.arrayContaining(['Kusilvak Census Area', 'Denali Borough']));
    const virginia = await countiesOf('Virginia');
    expect(virginia).toEqual(expect.arrayContaining(['Richmond city', 'Richmond County']));
    expect(virginia).not.toContain('Bedford city');
    expect(await countiesOf('Washington D.C.')).toEqual(['District of Columbia']);
    expect(await countiesOf('Texas')).toHaveLength(254);
  });

  it('lists every county without a state, and none for an unknown state', async () => {
    const { body } = await get<County[]>('/api/v1/company/counties/all');
    expect(body.length).toBeGreaterThan(3100);
    expect((await get<County[]>('/api/v1/company/counties/all?stateId=999999')).body).toEqual([]);
  });

  it('refuses a state id that is not a positive number', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/company/counties/all?stateId=abc' });
    expect(response.statusCode).toBe(400);
  });
});

describe('option lists', () => {
  const options = (path: string) => get<DropdownOption[]>(`/api/v1/company/${path}/all`).then((r) => r.body);
  const texts = async (path: string) => (await options(path)).map((o) => o.displayText);

  it('gives the organizer titles exactly, in order', async () => {
    expect(await options('organizer-titles')).toEqual([
      { value: '1', displayText: 'President' },
      { value: '2', displayText: 'Vice President' },
      { value: '3', displayText: 'Treasurer' },
      { value: '4', displayText: 'Secretary' },
    ]);
  });

  it('gives the spec ids of entity types, registered agent types and management structures', async () => {
    expect(await options('business-entity-types')).toEqual([
      { value: '1', displayText: 'LLC' },
      { value: '2', displayText: 'Corporation' },
    ]);
    expect(await options('registered-agent-types')).toEqual([
      { value: '1', displayText: 'Individual' },
      { value: '2', displayText: 'Company' },
    ]);
    expect(await options('management-structures')).toEqual([
      { value: '1', displayText: 'Manager' },
      { value: '2', displayText: 'Member' },
    ]);
  });

  it('lists industries by name, including Agents and Arts and Crafts', async () => {
    const industries = await texts('industries');
    expect(industries).toEqual(expect.arrayContaining(['Agents', 'Arts and Crafts']));
    expect(industries.length).toBeGreaterThanOrEqual(40);
    expect(industries).toEqual([...industries].sort((a, b) => a.localeCompare(b)));
  });
});
