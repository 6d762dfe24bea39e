import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { services, tagGroups, tags } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTag, createTagGroup } from '../../../testing/tags-factories.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let clientId: number;
let ownerId: number;
let taxId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ledgerport-tags-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  await seedDemoFirm(db);
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const owner = await createUser(db, { role: 'client' });
  ownerId = owner.id;
  clientId = (await createClient(db, { ownerUserId: owner.id })).id;
  const [tax] = await db.select({ id: services.id }).from(services).where(eq(services.name, 'tax'));
  taxId = tax!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function tagOnADocument() {
  const group = await createTagGroup(t.database.db);
  const tag = await createTag(t.database.db, { tagGroupId: group.id });
  await createDocument(t.database.db, t.app.storage, {
    clientId,
    serviceId: taxId,
    creatorUserId: ownerId,
    tagIds: [tag.id],
  });
  return { group, tag };
}

describe('deleting tags that documents carry', () => {
  it('refuses a tag in use with 409 and keeps it', async () => {
    const { tag } = await tagOnADocument();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/document/tags/${tag.id}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'TAG_IN_USE',
      message: `${tag.displayName} is used by 1 document; deactivate it instead.`,
      details: { documentCount: 1 },
    });
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(1);
  });

  it('refuses a group with a tag in use with 409 and keeps it', async () => {
    const { group } = await tagOnADocument();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/document/tag-groups/${group.id}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'TAG_IN_USE',
      message: `${group.displayName} has tags used by 1 document; deactivate them instead.`,
      details: { documentCount: 1 },
    });
    expect(await t.database.db.select().from(tagGroups).where(eq(tagGroups.id, group.id))).toHaveLength(1);
  });

  it('says how many documents carry the tag, each counted once', async () => {
    const { tag, group } = await tagOnADocument();
    const other = await createTag(t.database.db, { tagGroupId: group.id });
    for (let i = 0; i < 2; i++) {
      await createDocument(t.database.db, t.app.storage, {
        clientId,
        serviceId: taxId,
        creatorUserId: ownerId,
        tagIds: [tag.id, other.id],
      });
    }
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/document/tags/${tag.id}`,
      headers: bearer(admin),
    });
    expect(response.json().error).toMatchObject({
      code: 'TAG_IN_USE',
      message: `${tag.displayName} is used by 3 documents; deactivate it instead.`,
      details: { documentCount: 3 },
    });
    const ofGroup = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/document/tag-groups/${group.id}`,
      headers: bearer(admin),
    });
    expect(ofGroup.json().error.details).toEqual({ documentCount: 3 });
  });

  it('still deletes tags and groups no document carries', async () => {
    const group = await createTagGroup(t.database.db);
    const tag = await createTag(t.database.db, { tagGroupId: group.id });
    const headers = bearer(admin);
    const url = '/api/v1/document';
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/tags/${tag.id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/tag-groups/${group.id}`, headers })).statusCode).toBe(
      204,
    );
  });
});
