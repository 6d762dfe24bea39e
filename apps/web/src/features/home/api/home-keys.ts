export const DOCUMENT_COUNTS_PATH = '/document/documents/counts';

export const homeKeys = {
  all: ['home'] as const,
  documentCounts: () => [...homeKeys.all, 'document-counts'] as const,
};
