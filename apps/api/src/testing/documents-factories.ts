import { Readable } from 'node:stream';
import type { Db } from '../db/client.js';
import { documentTags, documents, storedFiles } from '../db/schema/index.js';
import { newStorageKey, type BlobStorage } from '../lib/storage/index.js';

/** A minimal valid PDF: file-type recognises it and browsers open it. */
export function pdfBytes(text = 'Ledgerport test document'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/**
 * A stored document with its blob, without going through the upload route: for tests of lists,
 * actions and files. Defaults: a PDF uploaded by the client's side, status open, no tags.
 */
export async function createDocument(
  db: Db,
  storage: BlobStorage,
  values: {
    clientId: number;
    serviceId: number;
    creatorUserId: number;
    uploadedByClientSide?: boolean;
    uploadedOnBehalfOfClient?: boolean;
    displayName?: string;
    fileName?: string;
    contentType?: string;
    content?: Buffer;
    description?: string | null;
    status?: number;
    tagIds?: number[];
    createdAt?: Date;
  },
) {
  const content = values.content ?? pdfBytes(values.displayName);
  const key = newStorageKey();
  const { size, sha256 } = await storage.put(key, Readable.from([content]));
  const [file] = await db
    .insert(storedFiles)
    .values({
      storageKey: key,
      fileName: values.fileName ?? `${values.displayName ?? 'document'}.pdf`,
      contentType: values.contentType ?? 'application/pdf',
      size,
      sha256,
    })
    .returning();
  const [document] = await db
    .insert(documents)
    .values({
      displayName: values.displayName ?? 'Document',
      clientId: values.clientId,
      serviceId: values.serviceId,
      description: values.description ?? null,
      status: values.status ?? 1,
      uploadedByClientSide: values.uploadedByClientSide ?? true,
      uploadedOnBehalfOfClient: values.uploadedOnBehalfOfClient ?? false,
      creatorUserId: values.creatorUserId,
      fileId: file!.id,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  for (const tagId of values.tagIds ?? []) await db.insert(documentTags).values({ documentId: document!.id, tagId });
  return { ...document!, file: file!, content };
}
