import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { tagGroups } from '../../../db/schema/index.js';
import { only, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { createTag, createTagGroup } from '../../../testing/tags-factories.js';

// Only the admin holds tag:* in the default roles (docs/permissions.md); every other actor is refused
// before the object is looked up, so each row creates its own fresh object.
const BASE = '/api/v1/document';
const unique = () => randomBytes(4).toString('hex');
const groupInput = () => ({ name: `m-${unique()}`, displayName: `M ${unique()}`, color: '#112233' });
const freshGroup = async (f: MatrixFixture) => (await createTagGroup(f.db)).id;
const freshTag = async (f: MatrixFixture) => (await createTag(f.db, { tagGroupId: await freshGroup(f) })).id;

export const rows: MatrixRow[] = [
  { method: 'GET', route: `${BASE}/tag-groups`, expect: only({ admin: 200 }) },
  { method: 'GET', route: `${BASE}/tag-groups/all`, expect: only({ admin: 200 }) },
  {
    method: 'GET',
    route: `${BASE}/tag-groups/name/:name/is-available`,
    url: () => `${BASE}/tag-groups/name/quarter/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/tag-groups/display-name/:displayName/is-available`,
    url: () => `${BASE}/tag-groups/display-name/Quarter/is-available`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/tag-groups/:id`,
    url: async (f) => `${BASE}/tag-groups/${await freshGroup(f)}`,
    expect: only({ admin: 200 }),
  },
  { method: 'POST', route: `${BASE}/tag-groups`, body: groupInput, expect: only({ admin: 201 }) },
  {
    method: 'PUT',
    route: `${BASE}/tag-groups/reorder`,
    body: async (f) => ({
      ids: (await f.db.select({ id: tagGroups.id }).from(tagGroups).orderBy(asc(tagGroups.ordinal))).map((r) => r.id),
    }),
    expect: only({ admin: 204 }),
  },
  {
    method: 'PUT',
    route: `${BASE}/tag-groups/:id`,
    url: async (f) => `${BASE}/tag-groups/${await freshGroup(f)}`,
    body: groupInput,
    expect: only({ admin: 200 }),
  },
  {
    method: 'DELETE',
    route: `${BASE}/tag-groups/:id`,
    url: async (f) => `${BASE}/tag-groups/${await freshGroup(f)}`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'GET',
    route: `${BASE}/tags/name/:name/is-available`,
    url: async (f) => `${BASE}/tags/name/q1/is-available?tagGroupId=${await freshGroup(f)}`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/tags/display-name/:displayName/is-available`,
    url: async (f) => `${BASE}/tags/display-name/Q1/is-available?tagGroupId=${await freshGroup(f)}`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'GET',
    route: `${BASE}/tags/:id`,
    url: async (f) => `${BASE}/tags/${await freshTag(f)}`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'POST',
    route: `${BASE}/tags`,
    body: async (f) => ({ tagGroupId: await freshGroup(f), name: `t-${unique()}`, displayName: `T ${unique()}` }),
    expect: only({ admin: 201 }),
  },
  {
    method: 'PUT',
    route: `${BASE}/tags/:id`,
    url: async (f) => `${BASE}/tags/${await freshTag(f)}`,
    body: () => ({ name: `t-${unique()}`, displayName: `T ${unique()}` }),
    expect: only({ admin: 200 }),
  },
  {
    method: 'DELETE',
    route: `${BASE}/tags/:id`,
    url: async (f) => `${BASE}/tags/${await freshTag(f)}`,
    expect: only({ admin: 204 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/tags/:id/activate`,
    url: async (f) => `${BASE}/tags/${await freshTag(f)}/activate`,
    expect: only({ admin: 200 }),
  },
  {
    method: 'PATCH',
    route: `${BASE}/tags/:id/deactivate`,
    url: async (f) => `${BASE}/tags/${await freshTag(f)}/deactivate`,
    expect: only({ admin: 200 }),
  },
];
