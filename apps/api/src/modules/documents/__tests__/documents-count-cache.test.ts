import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DOCUMENT_STATUS } from '@ledgerport/shared';
import { buildApp, type App } from '../../../app.js';
import {
  clientCollaboratorServices,
  clientCollaborators,
  clientServices,
  documentTags,
  documents,
  listVersions,
  services,
  tags,
} from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { createDocument } from '../../../testing/documents-factories.js';
import { chooseCurrentClient, createClient, createUser } from '../../../testing/factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

/**
 * ADR 0009: staff list counts are kept per filter under the documents list version, which the
 * database moves in the same transaction as any change to documents or their tags. Two app
 * instances on one database stand for two API processes: a count one of them keeps must follow a
 * change made anywhere else (another process, a job, plain SQL) on its very next request.
 */
const BASE = '/api/v1/document/documents';

let t: TestApp;
let other: App;
let admin: SignedIn;
let serviceId: Record<string, number>;
let tagId: Record<string, number>;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(db());
  other = await buildApp({ database: t.database, config: t.config, logger: false });
  await other.ready();
  admin = await signIn(t.app, 'b1g1_admin@gmail.com', 'Group1');
  const serviceRows = await db().select({ id: services.id, name: services.name }).from(services);
  serviceId = Object.fromEntries(serviceRows.map((s) => [s.name, s.id]));
  const tagRows = await db().select({ id: tags.id, name: tags.name }).from(tags);
  tagId = Object.fromEntries(tagRows.map((tag) => [tag.name, tag.id]));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function totalOf(app: App, session: SignedIn, query: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `${BASE}/received?limit=1&${query}`,
    headers: bearer(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json().totalCount;
}

async function clientWithDocuments(n: number) {
  const owner = await createUser(db(), { role: 'client' });
  const client = await createClient(db(), { ownerUserId: owner.id });
  await db().insert(clientServices).values({ clientId: client.id, serviceId: serviceId.tax! });
  const created = [];
  for (let i = 0; i < n; i++) {
    created.push(
      await createDocument(db(), t.app.storage, {
        clientId: client.id,
        serviceId: serviceId.tax!,
        creatorUserId: owner.id,
        uploadedByClientSide: true,
      }),
    );
  }
  return { owner, client, documents: created };
}

const version = async () =>
  (await db().select({ v: listVersions.version }).from(listVersions).where(eq(listVersions.name, 'documents')))[0]!.v;

describe('staff list counts kept under the documents list version', () => {
  it('follows a document added, re-filed and removed elsewhere on the next request', async () => {
    const { owner, client } = await clientWithDocuments(2);
    const query = `clientId=${client.id}`;
    expect(await totalOf(t.app, admin, query)).toBe(2);
    expect(await totalOf(t.app, admin, query)).toBe(2);

    const added = await createDocument(db(), other.storage, {
      clientId: client.id,
      serviceId: serviceId.tax!,
      creatorUserId: owner.id,
      uploadedByClientSide: true,
    });
    expect(await totalOf(t.app, admin, query)).toBe(3);

    const elsewhere = await createClient(db(), { ownerUserId: owner.id });
    await db().update(documents).set({ clientId: elsewhere.id }).where(eq(documents.id, added.id));
    expect(await totalOf(t.app, admin, query)).toBe(2);

    await db().delete(documents).where(eq(documents.clientId, client.id));
    expect(await totalOf(t.app, admin, query)).toBe(0);
  });

  it('follows a status change made through another process', async () => {
    const { client, documents: created } = await clientWithDocuments(3);
    const query = `clientId=${client.id}&status=${DOCUMENT_STATUS.open}`;
    expect(await totalOf(t.app, admin, query)).toBe(3);
    const response = await other.inject({
      method: 'PATCH',
      url: `${BASE}/received/status`,
      headers: bearer(admin),
      payload: { documentIds: [created[0]!.id], status: DOCUMENT_STATUS.done },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    expect(await totalOf(t.app, admin, query)).toBe(2);
  });

  it('follows a tag added to a document', async () => {
    const { client, documents: created } = await clientWithDocuments(2);
    const tag = tagId['other-documents']!;
    const query = `clientId=${client.id}&tags=${tag}`;
    const before = await totalOf(t.app, admin, query);
    const untagged = [];
    for (const document of created) {
      const carries = await db()
        .select()
        .from(documentTags)
        .where(and(eq(documentTags.documentId, document.id), eq(documentTags.tagId, tag)));
      if (carries.length === 0) untagged.push(document.id);
    }
    expect(untagged.length).toBeGreaterThan(0);
    await db().insert(documentTags).values({ documentId: untagged[0]!, tagId: tag });
    expect(await totalOf(t.app, admin, query)).toBe(before + 1);
  });

  it('moves the version on changes to what lists filter on, not on a comment counter', async () => {
    const { documents: created } = await clientWithDocuments(1);
    const id = created[0]!.id;
    const start = await version();
    await db().update(documents).set({ numberOfComments: 5 }).where(eq(documents.id, id));
    expect(await version()).toBe(start);
    await db().update(documents).set({ displayName: 'Renamed' }).where(eq(documents.id, id));
    expect(await version()).toBe(start + 1);
  });
});

describe("a client user's count", () => {
  it('follows a collaborator losing a service, which moves no documents version', async () => {
    const { client, owner } = await clientWithDocuments(0);
    await db().insert(clientServices).values({ clientId: client.id, serviceId: serviceId.bookkeeping! });
    for (const name of ['tax', 'bookkeeping']) {
      await createDocument(db(), t.app.storage, {
        clientId: client.id,
        serviceId: serviceId[name]!,
        creatorUserId: owner.id,
        uploadedByClientSide: false,
      });
    }
    const collaborator = await createUser(db(), { role: 'client' });
    await db().insert(clientCollaborators).values({ clientId: client.id, userId: collaborator.id, isActive: true });
    for (const name of ['tax', 'bookkeeping']) {
      await db()
        .insert(clientCollaboratorServices)
        .values({ clientId: client.id, userId: collaborator.id, serviceId: serviceId[name]! });
    }
    await chooseCurrentClient(db(), collaborator.id, client.id);
    const session = await signIn(t.app, collaborator.username, 'Secret1');
    expect(await totalOf(t.app, session, '')).toBe(2);

    const start = await version();
    await db()
      .delete(clientCollaboratorServices)
      .where(
        and(
          eq(clientCollaboratorServices.userId, collaborator.id),
          eq(clientCollaboratorServices.serviceId, serviceId.bookkeeping!),
        ),
      );
    expect(await version()).toBe(start);
    expect(await totalOf(t.app, session, '')).toBe(1);
  });
});
