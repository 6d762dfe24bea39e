import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { validateTagSelection } from '@ledgerport/shared';
import { clients, storedFiles, users } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { seedDemoDocuments } from '../../../db/seed/demo-documents.js';
import { chooseCurrentClient } from '../../../testing/factories.js';
import { bearer, signIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const BASE = '/api/v1/document/documents';
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-demo-documents-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDemoFirm(t.database.db);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo documents', () => {
  it('gives the b1g1 business client documents on both sides, with valid tags, comments and readable files', async () => {
    const seeded = await seedDemoDocuments(t.database.db, t.app.storage);
    expect(seeded).toBeGreaterThanOrEqual(6);
    const db = t.database.db;
    const [client] = await db.select().from(clients).where(eq(clients.name, 'Batch1 Group1 LLC'));
    const [owner1] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'b1g1_client'));
    await chooseCurrentClient(db, owner1!.id, client!.id);
    const owner = await signIn(t.app, 'b1g1_client@gmail.com', 'Group1');
    const admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');

    const mine = (await t.app.inject({ url: `${BASE}/my-upload`, headers: bearer(owner) })).json();
    const received = (await t.app.inject({ url: `${BASE}/received`, headers: bearer(owner) })).json();
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(received.totalCount).toBeGreaterThan(0);
    expect(mine.totalCount + received.totalCount).toBe(seeded);
    const all = [...mine.items, ...received.items];
    expect(new Set(all.map((d: { service: { displayName: string } }) => d.service.displayName))).toEqual(
      new Set(['Tax', 'Bookkeeping']),
    );
    expect(new Set(all.map((d: { status: number }) => d.status)).size).toBeGreaterThan(1);
    expect(all.some((d: { numberOfComments: number }) => d.numberOfComments > 0)).toBe(true);

    const groups = (await t.app.inject({ url: `${BASE}/tag-groups`, headers: bearer(admin) })).json();
    for (const document of all) {
      const tagIds = document.tags.map((tag: { id: number }) => tag.id);
      expect(validateTagSelection(groups, document.serviceId, tagIds), document.displayName).toEqual([]);
      const comments = (await t.app.inject({ url: `${BASE}/${document.id}/comments`, headers: bearer(owner) })).json();
      expect(comments).toHaveLength(document.numberOfComments);
    }

    // Only the b1g1 cohort: the end-to-end specs own the other cohorts' documents.
    const staffView = (await t.app.inject({ url: `${BASE}/received?limit=50`, headers: bearer(admin) })).json();
    expect(new Set(staffView.items.map((d: { client: string }) => d.client))).toEqual(new Set(['Batch1 Group1 LLC']));

    const details = await t.app.inject({ url: `${BASE}/${all[0].id}`, headers: bearer(admin) });
    const { fileName, size } = details.json();
    expect(fileName).toMatch(/\.(pdf|txt|csv)$/);
    expect(size).toBeGreaterThan(0);
  });

  it('writes PDFs a viewer can open: header, cross-reference table and trailer', async () => {
    const [row] = await t.database.db
      .select({ storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(eq(storedFiles.contentType, 'application/pdf'))
      .limit(1);
    const content = await text(await t.app.storage.get(row!.storageKey));
    expect(content.startsWith('%PDF-1.4')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)/.exec(content)![1]);
    expect(content.slice(xrefAt, xrefAt + 4)).toBe('xref');
    expect(content).toContain('Batch1 Group1 LLC');
  });
});
