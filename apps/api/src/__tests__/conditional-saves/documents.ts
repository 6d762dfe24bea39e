import { inArray } from 'drizzle-orm';
import { tags } from '../../db/schema/index.js';
import { createDocument } from '../../testing/documents-factories.js';
import { D, unique, type CaseContext, type CaseModule, type ConditionalCase } from './harness.js';

/** A document of the suite's client; `received` is what its people uploaded, else the firm's upload. */
async function document(ctx: CaseContext, received: boolean) {
  const displayName = `Versioned ${unique()}`;
  const { id } = await createDocument(ctx.t.database.db, ctx.t.app.storage, {
    clientId: ctx.clientId,
    serviceId: ctx.taxServiceId,
    creatorUserId: ctx.admin.userId,
    uploadedByClientSide: received,
    displayName,
  });
  return { id, displayName };
}

/** The demo firm's tags a tax document needs: its type (the main group) and its year. */
async function taxTags(ctx: CaseContext): Promise<number[]> {
  const rows = await ctx.t.database.db
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.name, ['tax-return', '2026']));
  return rows.map((row) => row.id);
}

const editBody = (ctx: CaseContext, displayName: string, tagIds: number[]) => ({
  displayName,
  clientId: ctx.clientId,
  serviceId: ctx.taxServiceId,
  tags: tagIds,
  description: null,
});

const editCase = (side: 'my-upload' | 'received'): ConditionalCase => ({
  route: `PUT ${D}/documents/${side}/:id`,
  make: async (ctx) => {
    const { id, displayName } = await document(ctx, side === 'received');
    const tagIds = await taxTags(ctx);
    return {
      get: `${D}/documents/${id}`,
      method: 'PUT',
      url: `${D}/documents/${side}/${id}`,
      bodies: [editBody(ctx, `${displayName} mine`, tagIds), editBody(ctx, `${displayName} theirs`, tagIds)],
    };
  },
});

const deleteCase = (side: 'my-upload' | 'received'): ConditionalCase => ({
  route: `DELETE ${D}/documents/${side}`,
  make: async (ctx) => {
    const { id } = await document(ctx, side === 'received');
    return {
      get: `${D}/documents/${id}`,
      method: 'DELETE',
      versioned: (version) => ({
        url: `${D}/documents/${side}?ids=${id}${version === null ? '' : `&versions=${version}`}`,
      }),
    };
  },
});

/** Conditional saves of documents (my uploads, received, shares). */
export const documentsCases: CaseModule = {
  cases: [
    editCase('my-upload'),
    editCase('received'),
    deleteCase('my-upload'),
    deleteCase('received'),
    {
      route: `PATCH ${D}/documents/received/status`,
      make: async (ctx) => {
        const { id } = await document(ctx, true);
        return {
          get: `${D}/documents/${id}`,
          method: 'PATCH',
          versioned: (version, contender) => ({
            url: `${D}/documents/received/status`,
            body: {
              documentIds: [id],
              ...(version === null ? {} : { versions: [version] }),
              status: contender === 0 ? 2 : 3,
            },
          }),
        };
      },
    },
  ],
  guarded: {
    'DELETE /api/v1/document/documents/:id/shares/:shareId':
      'revokes a share link (idempotent): nothing anyone saved is overwritten',
  },
  pending: [],
};
