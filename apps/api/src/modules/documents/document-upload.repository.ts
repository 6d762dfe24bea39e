import { asc, eq, inArray } from 'drizzle-orm';
import type { TagRuleGroup } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { DocumentFilingInScope } from './document-scope.js';
import {
  documentTags,
  documents,
  storedFiles,
  tagActivatedGroups,
  tagGroups,
  tags,
  tagServices,
} from '../../db/schema/index.js';

export interface NewDocumentRow {
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  displayName: string;
  description: string | null;
  uploadedByClientSide: boolean;
  uploadedOnBehalfOfClient: boolean;
  creatorUserId: number;
  tagIds: readonly number[];
  /** The request item the upload answers (docs/requests.md), if any. */
  requestItemId?: number | null;
}

export type DocumentUploadRepository = ReturnType<typeof createDocumentUploadRepository>;

export function createDocumentUploadRepository({ db }: { db: Db }) {
  return {
    /** Tag groups with their active tags, in display order: the input of the tag-selection rule. */
    async activeTagGroups(tx: DbOrTx = db): Promise<TagRuleGroup[]> {
      const groups = await tx
        .select({ id: tagGroups.id, isMainTagGroup: tagGroups.isMainTagGroup })
        .from(tagGroups)
        .orderBy(asc(tagGroups.ordinal));
      const tagRows = await tx
        .select({ id: tags.id, tagGroupId: tags.tagGroupId })
        .from(tags)
        .where(eq(tags.isActive, true));
      const ids = tagRows.map((t) => t.id);
      const [serviceLinks, activationLinks] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              tx.select().from(tagServices).where(inArray(tagServices.tagId, ids)),
              tx.select().from(tagActivatedGroups).where(inArray(tagActivatedGroups.tagId, ids)),
            ]);
      return groups.map((group) => ({
        ...group,
        tags: tagRows
          .filter((tag) => tag.tagGroupId === group.id)
          .map((tag) => ({
            ...tag,
            servicesItDepends: serviceLinks.filter((l) => l.tagId === tag.id).map((l) => l.serviceId),
            tagGroupsItActivates: activationLinks.filter((l) => l.tagId === tag.id).map((l) => l.tagGroupId),
          })),
      }));
    },

    /** One stored file, its document and its tags, filed where a scope allowed; returns the document's id. */
    async insertDocument(filing: DocumentFilingInScope, row: NewDocumentRow, tx: DbOrTx): Promise<number> {
      const [file] = await tx
        .insert(storedFiles)
        .values({
          storageKey: row.storageKey,
          fileName: row.fileName,
          contentType: row.contentType,
          size: row.size,
          sha256: row.sha256,
        })
        .returning({ id: storedFiles.id });
      const [document] = await tx
        .insert(documents)
        .values({
          displayName: row.displayName,
          clientId: filing.clientId,
          serviceId: filing.serviceId,
          description: row.description,
          uploadedByClientSide: row.uploadedByClientSide,
          uploadedOnBehalfOfClient: row.uploadedOnBehalfOfClient,
          creatorUserId: row.creatorUserId,
          fileId: file!.id,
          requestItemId: row.requestItemId ?? null,
        })
        .returning({ id: documents.id });
      if (row.tagIds.length > 0) {
        await tx.insert(documentTags).values(row.tagIds.map((tagId) => ({ documentId: document!.id, tagId })));
      }
      return document!.id;
    },

    /**
     * The keys among `keys` that a stored_files row refers to.
     * @unscoped the blob reconciler (the firm's own job) compares storage with every client's files
     */
    async referencedKeys(keys: readonly string[], tx: DbOrTx = db): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await tx
        .select({ key: storedFiles.storageKey })
        .from(storedFiles)
        .where(inArray(storedFiles.storageKey, [...keys]));
      return new Set(rows.map((r) => r.key));
    },
  };
}
