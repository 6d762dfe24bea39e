import { DOCUMENT_TYPE, type DocumentType } from '@ledgerport/shared';

/** Which of the two lists a screen shows; also the path segment of its API routes. */
export type DocumentListKind = 'my-upload' | 'received';

export const DOCUMENT_KIND_OF_TYPE: Record<DocumentType, DocumentListKind> = {
  [DOCUMENT_TYPE.myUpload]: 'my-upload',
  [DOCUMENT_TYPE.received]: 'received',
};

/** The permissions of each list's actions (spec 02 section 6). */
export const DOCUMENT_PERMISSION = {
  'my-upload': { edit: 'my-upload:edit', delete: 'my-upload:delete', add: 'my-upload:add' },
  received: { edit: 'received:edit', delete: 'received:delete', changeStatus: 'received:change-status' },
} as const;

/** A row's own kind decides which edit route it takes (a document is always one or the other to its viewer). */
export function kindOfDocument(type: number): DocumentListKind {
  return type === DOCUMENT_TYPE.received ? 'received' : 'my-upload';
}
