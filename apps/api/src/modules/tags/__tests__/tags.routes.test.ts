import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, services, tagActivatedGroups, tagGroups, tags, tagServices } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTag, createTagGroup } from '../../../testing/tags-factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const GROUPS = '/api/v1/document/tag-groups';
const TAGS = '/api/v1/document/tags';

let t: TestApp;
let admin: SignedIn;
let advisor: SignedIn;
let mainGroupId: number;
let quarterGroupId: number;
let serviceIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  advisor = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
  const groups = await t.database.db.select().from(tagGroups);
  mainGroupId = groups.find((g) => g.isMainTagGroup)!.id;
  quarterGroupId = groups.find((g) => g.name === 'quarter')!.id;
  const serviceRows = await t.database.db.select({ id: services.id, name: services.name }).from(services);
  serviceIds = Object.fromEntries(serviceRows.map((s) => [s.name, s.id]));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, payload?: object, session: SignedIn = admin) {
  return t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });
}

const fields = (body: { error: { details?: Array<{ field: string }> } }) =>
  (body.error.details ?? []).map((detail) => detail.field);

async function lastAudit(action: string) {
  const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  return rows.at(-1);
}

/** Keeps the main group's flag where the seed put it, so tests do not depend on one another. */
async function withoutMainGroup<T>(run: () => Promise<T>): Promise<T> {
  await t.database.db.update(tagGroups).set({ isMainTagGroup: false }).where(eq(tagGroups.id, mainGroupId));
  try {
    return await run();
  } finally {
    await t.database.db.update(tagGroups).set({ isMainTagGroup: true }).where(eq(tagGroups.id, mainGroupId));
  }
}

describe('GET document/tag-groups', () => {
  it('lists the groups in display order with their tags and the main-group links', async () => {
    const response = await call('GET', GROUPS);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(body.items.length);
    expect(body.items.slice(0, 3).map((g: { displayName: string }) => g.displayName)).toEqual([
      'Document type',
      'Quarter',
      'Year',
    ]);
    const [main, quarter] = body.items;
    expect(main).toMatchObject({ name: 'document-type', isMainTagGroup: true, color: '#3949AB', ordinal: 1 });
    const irs = main.tags.find((tag: { name: string }) => tag.name === 'irs-state-letter');
    expect(irs).toEqual({
      version: expect.stringMatching(/^\d+$/),
      id: expect.any(Number),
      tagGroupId: main.id,
      name: 'irs-state-letter',
      displayName: 'IRS/State Letter',
      isActive: true,
      servicesItDepends: [serviceIds.tax, serviceIds.payroll].sort((a, b) => a! - b!),
      tagGroupsItActivates: [],
    });
    expect(quarter.tags.map((tag: { displayName: string }) => tag.displayName)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('filters the tags by status, keeping every group', async () => {
    const group = await createTagGroup(t.database.db);
    await createTag(t.database.db, { tagGroupId: group.id, displayName: 'Live' });
    await createTag(t.database.db, { tagGroupId: group.id, displayName: 'Retired', isActive: false });
    const names = async (query: string) => {
      const body = (await call('GET', `${GROUPS}${query}`)).json();
      return body.items
        .find((g: { id: number }) => g.id === group.id)
        .tags.map((tag: { displayName: string }) => tag.displayName);
    };
    expect(await names('?isActive=true')).toEqual(['Live']);
    expect(await names('?isActive=false')).toEqual(['Retired']);
    expect(await names('')).toEqual(['Live', 'Retired']);
  });

  it('finds groups by their names or by the names of their tags, case-insensitively', async () => {
    const byGroup = (await call('GET', `${GROUPS}?text=QUART`)).json();
    expect(byGroup.items.map((g: { name: string }) => g.name)).toEqual(['quarter']);
    const byTag = (await call('GET', `${GROUPS}?text=financials`)).json();
    expect(byTag.items.map((g: { name: string }) => g.name)).toEqual(['document-type']);
    const literal = (await call('GET', `${GROUPS}?text=${encodeURIComponent('%')}`)).json();
    expect(literal).toEqual({ items: [], totalCount: 0 });
  });

  it('sorts by display name when asked', async () => {
    const body = (await call('GET', `${GROUPS}?sortedBy=displayName&sortedDesc=true`)).json();
    const names = body.items.map((g: { displayName: string }) => g.displayName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('refuses a bad filter (400 with the field) and callers without tag:list (403)', async () => {
    const bad = await call('GET', `${GROUPS}?isActive=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['isActive']);
    expect((await call('GET', GROUPS, undefined, advisor)).statusCode).toBe(403);
  });
});

describe('GET document/tag-groups/all and /{id}', () => {
  it('gives dropdown options in display order', async () => {
    const body = (await call('GET', `${GROUPS}/all`)).json();
    expect(body.slice(0, 3)).toEqual([
      { value: String(mainGroupId), displayText: 'Document type' },
      { value: String(quarterGroupId), displayText: 'Quarter' },
      { value: expect.any(String), displayText: 'Year' },
    ]);
  });

  it('reads one group with all its tags, 404 for an unknown id and 400 for a bad one', async () => {
    const response = await call('GET', `${GROUPS}/${quarterGroupId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: quarterGroupId, displayName: 'Quarter', tags: expect.any(Array) });
    expect((await call('GET', `${GROUPS}/999999`)).statusCode).toBe(404);
    const bad = await call('GET', `${GROUPS}/abc`);
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['id']);
  });
});

describe('tag group availability', () => {
  it('answers false for a taken name or display name (any case) and true for a free one', async () => {
    expect((await call('GET', `${GROUPS}/name/QUARTER/is-available`)).json()).toBe(false);
    expect((await call('GET', `${GROUPS}/name/semester/is-available`)).json()).toBe(true);
    expect((await call('GET', `${GROUPS}/display-name/document%20TYPE/is-available`)).json()).toBe(false);
    expect((await call('GET', `${GROUPS}/display-name/Semester/is-available`)).json()).toBe(true);
    expect((await call('GET', `${GROUPS}/name/x/is-available`, undefined, advisor)).statusCode).toBe(403);
  });
});

describe('POST document/tag-groups', () => {
  it('creates a group at the end of the order and audits it', async () => {
    const response = await call('POST', GROUPS, { name: ' month ', displayName: 'Month', color: '#00aa11' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    const all = (await call('GET', GROUPS)).json();
    expect(created).toEqual({
      version: expect.stringMatching(/^\d+$/),
      id: expect.any(Number),
      name: 'month',
      displayName: 'Month',
      isMainTagGroup: false,
      color: '#00AA11',
      ordinal: Math.max(...all.items.map((g: { ordinal: number }) => g.ordinal)),
      tags: [],
    });
    expect(all.items.at(-1).id).toBe(created.id);
    expect(await lastAudit('tag-group.created')).toMatchObject({
      objectId: String(created.id),
      actorUserId: admin.userId,
    });
  });

  it('names the missing or malformed fields (400)', async () => {
    const response = await call('POST', GROUPS, { name: '  ', color: 'red' });
    expect(response.statusCode).toBe(400);
    expect(fields(response.json()).sort()).toEqual(['color', 'displayName', 'name']);
  });

  it('refuses a name or display name already taken, naming it (409)', async () => {
    const byName = await call('POST', GROUPS, { name: 'Quarter', displayName: 'Another', color: '#000000' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error.message).toBe('Quarter is already taken. Try another.');
    const byDisplayName = await call('POST', GROUPS, { name: 'another', displayName: 'YEAR', color: '#000000' });
    expect(byDisplayName.statusCode).toBe(409);
    expect(byDisplayName.json().error.message).toBe('YEAR is already taken. Try another.');
  });

  it('refuses a second main group with a message naming the current one (409)', async () => {
    const response = await call('POST', GROUPS, {
      name: 'kind',
      displayName: 'Kind',
      color: '#000000',
      isMainTagGroup: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/^Document type is already the main tag group/);
  });

  it('needs tag:add (403)', async () => {
    const response = await call('POST', GROUPS, { name: 'n', displayName: 'N', color: '#000000' }, advisor);
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT document/tag-groups/{id}', () => {
  it('edits a group, allowing its own name in another case', async () => {
    const group = await createTagGroup(t.database.db, { name: 'season', displayName: 'Season' });
    const response = await call('PUT', `${GROUPS}/${group.id}`, {
      name: 'SEASON',
      displayName: 'Seasons',
      color: '#abcdef',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'SEASON',
      displayName: 'Seasons',
      color: '#ABCDEF',
      ordinal: group.ordinal,
    });
    expect(await lastAudit('tag-group.updated')).toMatchObject({ objectId: String(group.id) });
  });

  it("refuses another group's name (409), an unknown id (404) and a bad colour (400)", async () => {
    const group = await createTagGroup(t.database.db);
    const taken = await call('PUT', `${GROUPS}/${group.id}`, { name: 'year', displayName: 'x', color: '#000000' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('year is already taken. Try another.');
    const missing = await call('PUT', `${GROUPS}/999999`, { name: 'a', displayName: 'b', color: '#000000' });
    expect(missing.statusCode).toBe(404);
    const bad = await call('PUT', `${GROUPS}/${group.id}`, { name: 'a', displayName: 'b', color: '#12345' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['color']);
  });

  it('refuses to make a second group the main one (409)', async () => {
    const group = await createTagGroup(t.database.db);
    const response = await call('PUT', `${GROUPS}/${group.id}`, {
      name: group.name,
      displayName: group.displayName,
      color: group.color,
      isMainTagGroup: true,
    });
    expect(response.statusCode).toBe(409);
  });

  it("clears the main-group links of a group's tags when it stops being the main one", async () => {
    // The seed's main group steps aside meanwhile: only one main group may exist.
    await withoutMainGroup(async () => {
      const group = await createTagGroup(t.database.db, { isMainTagGroup: true });
      const tag = await createTag(t.database.db, { tagGroupId: group.id });
      await t.database.db.insert(tagServices).values({ tagId: tag.id, serviceId: serviceIds.tax! });
      await t.database.db.insert(tagActivatedGroups).values({ tagId: tag.id, tagGroupId: quarterGroupId });
      const response = await call('PUT', `${GROUPS}/${group.id}`, {
        name: group.name,
        displayName: group.displayName,
        color: group.color,
        isMainTagGroup: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isMainTagGroup: false });
      expect(response.json().tags[0]).toMatchObject({ servicesItDepends: [], tagGroupsItActivates: [] });
      await t.database.db.delete(tagGroups).where(eq(tagGroups.id, group.id));
    });
  });
});

describe('DELETE document/tag-groups/{id}', () => {
  it('deletes a group with its tags, then answers 404', async () => {
    const group = await createTagGroup(t.database.db);
    const tag = await createTag(t.database.db, { tagGroupId: group.id });
    expect((await call('DELETE', `${GROUPS}/${group.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tag.id))).toEqual([]);
    expect(await lastAudit('tag-group.deleted')).toMatchObject({ objectId: String(group.id) });
    expect((await call('DELETE', `${GROUPS}/${group.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${GROUPS}/${quarterGroupId}`, undefined, advisor)).statusCode).toBe(403);
  });
});

describe('PUT document/tag-groups/reorder', () => {
  const currentIds = async () => (await call('GET', GROUPS)).json().items.map((g: { id: number }) => g.id) as number[];

  it('sets the order of every group in one go', async () => {
    const ids = await currentIds();
    const reversed = [...ids].reverse();
    expect((await call('PUT', `${GROUPS}/reorder`, { ids: reversed })).statusCode).toBe(204);
    expect(await currentIds()).toEqual(reversed);
    expect(await lastAudit('tag-group.reordered')).toMatchObject({ details: { ids: reversed } });
    expect((await call('PUT', `${GROUPS}/reorder`, { ids })).statusCode).toBe(204);
    expect(await currentIds()).toEqual(ids);
  });

  it('refuses a list that leaves out a group or repeats one (400), and keeps the order', async () => {
    const ids = await currentIds();
    const partial = await call('PUT', `${GROUPS}/reorder`, { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(fields(partial.json())).toEqual(['ids']);
    const repeated = await call('PUT', `${GROUPS}/reorder`, { ids: [...ids, ids[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(fields(repeated.json())).toEqual(['ids']);
    expect(await currentIds()).toEqual(ids);
  });

  it('needs tag:edit (403)', async () => {
    expect((await call('PUT', `${GROUPS}/reorder`, { ids: await currentIds() }, advisor)).statusCode).toBe(403);
  });

  const loaded = async () => {
    const items = (await call('GET', GROUPS)).json().items as Array<{ id: number; version: string }>;
    return {
      ids: items.map((g) => g.id),
      versions: Object.fromEntries(items.map((g) => [g.id, g.version])) as Record<number, string>,
    };
  };
  /** An order with the versions as loaded, one per id in the same order. */
  const ordered = (ids: number[], versions: Record<number, string>) => ({
    ids,
    versions: ids.map((id) => versions[id]!),
  });

  it('with the versions the screen loaded: of two orders from one list, one is saved and the other gets 412', async () => {
    const { ids, versions } = await loaded();
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(1), ids[0]!];
    const [mine, theirs] = await Promise.all([
      call('PUT', `${GROUPS}/reorder`, ordered(reversed, versions)),
      call('PUT', `${GROUPS}/reorder`, ordered(rotated, versions)),
    ]);
    const statuses = [mine.statusCode, theirs.statusCode].sort();
    expect(statuses, `${mine.body} ${theirs.body}`).toEqual([204, 412]);
    const [winner, loser] = mine.statusCode === 204 ? [reversed, theirs] : [rotated, mine];
    expect(await currentIds()).toEqual(winner);
    const refusal = loser.json().error;
    expect(refusal.code).toBe('STALE_VERSION');
    expect(refusal.details.changedBy).toMatchObject({ name: 'Batch1 Group1' });
    const after = await loaded();
    expect(Object.values(after.versions)).toContain(refusal.details.currentVersion);
    // The current versions save; without versions the order is saved unconditionally, as before.
    expect((await call('PUT', `${GROUPS}/reorder`, ordered(ids, after.versions))).statusCode).toBe(204);
    expect((await call('PUT', `${GROUPS}/reorder`, { ids: reversed })).statusCode).toBe(204);
    expect((await call('PUT', `${GROUPS}/reorder`, { ids })).statusCode).toBe(204);
    expect(await currentIds()).toEqual(ids);
  });

  it('refuses an order loaded before a group was renamed (412) and moves nothing; the groups that stay keep their versions', async () => {
    const { ids, versions } = await loaded();
    const [first, second] = ids as [number, number];
    const group = (await call('GET', `${GROUPS}/${second}`)).json();
    const input = (displayName: string) => ({
      name: group.name,
      displayName,
      color: group.color,
      isMainTagGroup: group.isMainTagGroup,
    });
    const renamed = await call('PUT', `${GROUPS}/${second}`, input(`${group.displayName}!`));
    expect(renamed.statusCode).toBe(200);
    const swapped = [second, first, ...ids.slice(2)];
    const refused = await call('PUT', `${GROUPS}/reorder`, ordered(swapped, versions));
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.details.currentVersion).toBe(renamed.json().version);
    expect(await currentIds()).toEqual(ids);
    // Swapping the first two writes only those two rows.
    const fresh = await loaded();
    expect((await call('PUT', `${GROUPS}/reorder`, ordered(swapped, fresh.versions))).statusCode).toBe(204);
    const moved = await loaded();
    for (const id of ids.slice(2)) expect(moved.versions[id]).toBe(fresh.versions[id]);
    expect(moved.versions[first]).not.toBe(fresh.versions[first]);
    expect((await call('PUT', `${GROUPS}/${second}`, input(group.displayName))).statusCode).toBe(200);
    expect((await call('PUT', `${GROUPS}/reorder`, { ids })).statusCode).toBe(204);
  });
});

describe('POST document/tags', () => {
  it('creates a main-group tag with the services it depends on and the groups it activates', async () => {
    const response = await call('POST', TAGS, {
      tagGroupId: mainGroupId,
      name: 'w-2',
      displayName: 'W-2',
      servicesItDepends: [serviceIds.payroll, serviceIds.tax],
      tagGroupsItActivates: [quarterGroupId],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      version: expect.stringMatching(/^\d+$/),
      id: expect.any(Number),
      tagGroupId: mainGroupId,
      name: 'w-2',
      displayName: 'W-2',
      isActive: true,
      servicesItDepends: [serviceIds.payroll, serviceIds.tax].sort((a, b) => a! - b!),
      tagGroupsItActivates: [quarterGroupId],
    });
    expect(await lastAudit('tag.created')).toMatchObject({ objectId: String(response.json().id) });
  });

  it('keeps services and activated groups to main-group tags (400 naming the field)', async () => {
    const services = await call('POST', TAGS, {
      tagGroupId: quarterGroupId,
      name: 'q5',
      displayName: 'Q5',
      servicesItDepends: [serviceIds.tax],
    });
    expect(services.statusCode).toBe(400);
    expect(fields(services.json())).toEqual(['servicesItDepends']);
    const groups = await call('POST', TAGS, {
      tagGroupId: quarterGroupId,
      name: 'q5',
      displayName: 'Q5',
      tagGroupsItActivates: [mainGroupId],
    });
    expect(groups.statusCode).toBe(400);
    expect(fields(groups.json())).toEqual(['tagGroupsItActivates']);
  });

  it('refuses unknown services or groups, and a tag activating its own group (400)', async () => {
    const base = { tagGroupId: mainGroupId, name: 'x-form', displayName: 'X form' };
    const unknownService = await call('POST', TAGS, { ...base, servicesItDepends: [999999] });
    expect(unknownService.statusCode).toBe(400);
    expect(fields(unknownService.json())).toEqual(['servicesItDepends']);
    const unknownGroup = await call('POST', TAGS, { ...base, tagGroupsItActivates: [999999] });
    expect(unknownGroup.statusCode).toBe(400);
    expect(fields(unknownGroup.json())).toEqual(['tagGroupsItActivates']);
    const ownGroup = await call('POST', TAGS, { ...base, tagGroupsItActivates: [mainGroupId] });
    expect(ownGroup.statusCode).toBe(400);
    expect(ownGroup.json().error.message).toBe('A tag cannot activate its own tag group.');
  });

  it('names missing fields (400)', async () => {
    const response = await call('POST', TAGS, { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(fields(response.json()).sort()).toEqual(['displayName', 'name', 'tagGroupId']);
  });

  it('keeps names unique within the group only (409), and 404 for an unknown group', async () => {
    const taken = await call('POST', TAGS, { tagGroupId: quarterGroupId, name: 'Q1', displayName: 'First' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Q1 is already taken. Try another.');
    const takenDisplay = await call('POST', TAGS, { tagGroupId: quarterGroupId, name: 'first', displayName: 'q2' });
    expect(takenDisplay.statusCode).toBe(409);
    const group = await createTagGroup(t.database.db);
    const elsewhere = await call('POST', TAGS, { tagGroupId: group.id, name: 'q1', displayName: 'Q1' });
    expect(elsewhere.statusCode).toBe(201);
    const unknown = await call('POST', TAGS, { tagGroupId: 999999, name: 'a', displayName: 'A' });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs tag:add (403)', async () => {
    const response = await call('POST', TAGS, { tagGroupId: quarterGroupId, name: 'q9', displayName: 'Q9' }, advisor);
    expect(response.statusCode).toBe(403);
  });
});

describe('tag availability', () => {
  it('checks names within the given group', async () => {
    const url = (path: string, groupId: number) => `${TAGS}/${path}/is-available?tagGroupId=${groupId}`;
    expect((await call('GET', url('name/Q1', quarterGroupId))).json()).toBe(false);
    expect((await call('GET', url('name/Q1', mainGroupId))).json()).toBe(true);
    expect((await call('GET', url(`display-name/${encodeURIComponent('IRS/State Letter')}`, mainGroupId))).json()).toBe(
      false,
    );
    expect((await call('GET', url('display-name/Q9', quarterGroupId))).json()).toBe(true);
  });

  it('needs the group (400 without it, 404 for an unknown one) and tag:list (403)', async () => {
    const missing = await call('GET', `${TAGS}/name/Q1/is-available`);
    expect(missing.statusCode).toBe(400);
    expect(fields(missing.json())).toEqual(['tagGroupId']);
    expect((await call('GET', `${TAGS}/name/Q1/is-available?tagGroupId=999999`)).statusCode).toBe(404);
    const forbidden = await call(
      'GET',
      `${TAGS}/name/Q1/is-available?tagGroupId=${quarterGroupId}`,
      undefined,
      advisor,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('tags by id', () => {
  it('reads a tag, 404 for an unknown one', async () => {
    const tag = await createTag(t.database.db, { tagGroupId: quarterGroupId });
    const response = await call('GET', `${TAGS}/${tag.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: tag.id, tagGroupId: quarterGroupId, name: tag.name });
    expect((await call('GET', `${TAGS}/999999`)).statusCode).toBe(404);
  });

  it('edits a main-group tag, replacing its links', async () => {
    const tag = await createTag(t.database.db, { tagGroupId: mainGroupId });
    await t.database.db.insert(tagServices).values({ tagId: tag.id, serviceId: serviceIds.tax! });
    const response = await call('PUT', `${TAGS}/${tag.id}`, {
      name: tag.name,
      displayName: 'Renamed',
      servicesItDepends: [serviceIds.bookkeeping],
      tagGroupsItActivates: [quarterGroupId],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Renamed',
      servicesItDepends: [serviceIds.bookkeeping],
      tagGroupsItActivates: [quarterGroupId],
    });
    expect(await lastAudit('tag.updated')).toMatchObject({ objectId: String(tag.id) });
  });

  it("refuses a sibling's name (409), links outside the main group (400) and unknown ids (404)", async () => {
    const tag = await createTag(t.database.db, { tagGroupId: quarterGroupId });
    const taken = await call('PUT', `${TAGS}/${tag.id}`, { name: 'q3', displayName: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('q3 is already taken. Try another.');
    const links = await call('PUT', `${TAGS}/${tag.id}`, {
      name: tag.name,
      displayName: tag.displayName,
      servicesItDepends: [serviceIds.tax],
    });
    expect(links.statusCode).toBe(400);
    expect(fields(links.json())).toEqual(['servicesItDepends']);
    expect((await call('PUT', `${TAGS}/999999`, { name: 'a', displayName: 'A' })).statusCode).toBe(404);
    const bad = await call('PUT', `${TAGS}/${tag.id}`, { name: tag.name });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad.json())).toEqual(['displayName']);
    expect((await call('PUT', `${TAGS}/${tag.id}`, { name: 'a', displayName: 'A' }, advisor)).statusCode).toBe(403);
  });

  it('deactivates and activates a tag, auditing each change', async () => {
    const tag = await createTag(t.database.db, { tagGroupId: quarterGroupId });
    const off = await call('PATCH', `${TAGS}/${tag.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);
    expect(await lastAudit('tag.deactivated')).toMatchObject({ objectId: String(tag.id) });
    const on = await call('PATCH', `${TAGS}/${tag.id}/activate`);
    expect(on.json().isActive).toBe(true);
    expect(await lastAudit('tag.activated')).toMatchObject({ objectId: String(tag.id) });
    expect((await call('PATCH', `${TAGS}/999999/activate`)).statusCode).toBe(404);
    expect((await call('PATCH', `${TAGS}/${tag.id}/deactivate`, undefined, advisor)).statusCode).toBe(403);
  });

  it('deletes a tag with its links, then answers 404', async () => {
    const tag = await createTag(t.database.db, { tagGroupId: mainGroupId });
    await t.database.db.insert(tagServices).values({ tagId: tag.id, serviceId: serviceIds.tax! });
    expect((await call('DELETE', `${TAGS}/${tag.id}`, undefined, advisor)).statusCode).toBe(403);
    expect((await call('DELETE', `${TAGS}/${tag.id}`)).statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(tagServices)
        .where(and(eq(tagServices.tagId, tag.id), eq(tagServices.serviceId, serviceIds.tax!))),
    ).toEqual([]);
    expect(await lastAudit('tag.deleted')).toMatchObject({ objectId: String(tag.id) });
    expect((await call('DELETE', `${TAGS}/${tag.id}`)).statusCode).toBe(404);
  });
});
