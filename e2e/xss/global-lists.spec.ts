import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support.js';
import { packPayloads } from './payloads.js';
import { installProbe, poke, visit } from './probe.js';
import { inBatches, json, signInApi } from './records.js';

/*
 * Issue 11 item 6, the firm-wide lists every user's pickers read (see e2e/xss/announcements.spec.ts
 * for announcements and e2e/xss.spec.ts for the corpus). These records show up in other specs'
 * pickers and lists, so this file runs in the `global-lists` project, after all the others, beside
 * the announcements (it makes no announcement). One test per list, so they spread over the workers:
 *   - role name/display name (100) and description (256): Roles list, and the role choice of the
 *     Create user form;
 *   - service name/display name (100): Services list;
 *   - tag group and tag name/display name (100): Tags screen;
 *   - coupon title (100): Coupons list (coupons are deactivated at the end; there is no delete).
 * Roles, services and tags are deleted at the end.
 */
// The app's Content-Security-Policy (script-src 'self', script-src-attr 'none') would stop most
// payloads on its own and hide a rendering mistake; these tests check the rendering, so without it.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

/** Names of this test's records: a run prefix (to find them) and the corpus in 100 characters. */
function corpusNames() {
  const tag = randomBytes(3).toString('hex');
  const prefix = `xss${tag} `;
  const names = packPayloads(100 - prefix.length).map((value) => prefix + value);
  const displayNames = packPayloads(100);
  const count = Math.max(names.length, displayNames.length);
  // Display names must be unique too: past the end of their corpus they repeat the (unique) name.
  const at = (list: string[], index: number) => list[index] ?? names[index]!;
  return { tag, prefix, names, displayNames, count, at, pages: Math.ceil(count / 50) };
}

async function walkPages(page: Page, url: string, tableName: string, pages: number) {
  for (let number = 1; number <= pages; number += 1) {
    await visit(page, `${url}${url.includes('?') ? '&' : '?'}pageSize=50&page=${number}`);
    // The footer names the page's first row ("51-100 of 123"), so the rows are this page's.
    // A page of 50 long names under load on the shared 2-core machine can take more than the default.
    await expect(page.getByText(new RegExp(`^${(number - 1) * 50 + 1}-\\d+ of \\d+$`))).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('table', { name: tableName }).getByRole('row').nth(1)).toBeVisible();
    await poke(page);
  }
}

test('roles: the Roles list and the role choice of the Create user form run no payload', async ({ page, request }) => {
  const { prefix, names, displayNames, count, at, pages } = corpusNames();
  const headers = await signInApi(request);
  const descriptions = packPayloads(256);
  let ids: number[] = [];
  try {
    ids = await inBatches(Array.from({ length: count }), 6, async (_, index) => {
      const role = await json<{ id: number }>(
        await request.post('/api/v1/identity/roles', {
          headers,
          data: {
            name: at(names, index),
            displayName: at(displayNames, index),
            description: descriptions[index] ?? null,
            permissions: ['coupon:list'],
          },
        }),
      );
      return role.id;
    });

    const probe = await installProbe(page);
    await signIn(page, DEMO.admin);
    await walkPages(page, `/roles?name=${encodeURIComponent(prefix.trim())}`, 'Roles', pages);
    // The role choice of the Create user form lists every role's display name.
    await visit(page, '/users');
    await page.getByRole('button', { name: 'Create', exact: true }).first().click();
    const form = page.getByRole('dialog', { name: 'Create user' });
    await form.getByRole('combobox', { name: 'Role' }).click();
    await expect(page.getByRole('option', { name: displayNames[0], exact: true })).toBeAttached();
    await poke(page);
    probe.expectNone();
  } finally {
    for (const id of ids) await request.delete(`/api/v1/identity/roles/${id}`, { headers });
  }
});

test('services: the Services list runs no payload', async ({ page, request }) => {
  const { prefix, names, displayNames, count, at, pages } = corpusNames();
  const headers = await signInApi(request);
  const departments = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/departments/all', { headers }),
  );
  let ids: number[] = [];
  try {
    ids = await inBatches(Array.from({ length: count }), 6, async (_, index) => {
      const service = await json<{ id: number }>(
        await request.post('/api/v1/document/services', {
          headers,
          data: {
            name: at(names, index),
            displayName: at(displayNames, index),
            departmentId: Number(departments[0]!.value),
            color: '#336699',
          },
        }),
      );
      return service.id;
    });

    const probe = await installProbe(page);
    await signIn(page, DEMO.admin);
    await walkPages(page, `/services?name=${encodeURIComponent(prefix.trim())}&isActive=true`, 'Services', pages);
    probe.expectNone();
  } finally {
    for (const id of ids) await request.delete(`/api/v1/document/services/${id}`, { headers });
  }
});

test('tag groups and tags: the Tags screen runs no payload', async ({ page, request }) => {
  const { prefix, names, displayNames, count, at } = corpusNames();
  const headers = await signInApi(request);
  const ids = { groups: [] as number[], tags: [] as number[] };
  try {
    // Four groups carry the tags; every group name and tag name is a piece of the corpus.
    ids.groups = await inBatches(Array.from({ length: count }), 6, async (_, index) => {
      const group = await json<{ id: number }>(
        await request.post('/api/v1/document/tag-groups', {
          headers,
          data: { name: at(names, index), displayName: at(displayNames, index), color: '#336699' },
        }),
      );
      return group.id;
    });
    ids.tags = await inBatches(Array.from({ length: count }), 6, async (_, index) => {
      const created = await json<{ id: number }>(
        await request.post('/api/v1/document/tags', {
          headers,
          data: { tagGroupId: ids.groups[index % 4], name: at(names, index), displayName: at(displayNames, index) },
        }),
      );
      return created.id;
    });

    const probe = await installProbe(page);
    await signIn(page, DEMO.admin);
    await visit(page, `/tags?text=${encodeURIComponent(prefix.trim())}`);
    await expect(page.getByRole('table', { name: 'Tag groups' }).getByRole('row').nth(1)).toBeVisible();
    await poke(page);
    probe.expectNone();
  } finally {
    for (const id of ids.tags) await request.delete(`/api/v1/document/tags/${id}`, { headers });
    for (const id of ids.groups) await request.delete(`/api/v1/document/tag-groups/${id}`, { headers });
  }
});

test('coupons: the Coupons list runs no payload', async ({ page, request }) => {
  const { tag, displayNames } = corpusNames();
  const headers = await signInApi(request);
  const nextYear = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
  let ids: number[] = [];
  try {
    // Coupons cannot be deleted, only deactivated: the list keeps them, so they come after all specs
    // but the other firm-wide ones.
    ids = await inBatches(displayNames, 6, async (title, index) => {
      const coupon = await json<{ id: number }>(
        await request.post('/api/v1/company/coupons', {
          headers,
          data: { title, code: `XSS${tag}-${index}`, discountType: 2, discountValue: 1, expirationDate: nextYear },
        }),
      );
      return coupon.id;
    });

    const probe = await installProbe(page);
    await signIn(page, DEMO.admin);
    const coupons = await json<{ totalCount: number }>(
      await request.get('/api/v1/company/coupons?limit=1', { headers }),
    );
    await walkPages(page, '/coupons', 'Coupons', Math.ceil(coupons.totalCount / 50));
    probe.expectNone();
  } finally {
    for (const id of ids) await request.patch(`/api/v1/company/coupons/${id}/deactivate`, { headers });
  }
});
