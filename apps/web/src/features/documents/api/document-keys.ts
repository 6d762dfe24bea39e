import type { DocumentListKind } from '../lib/document-kind';
import type { DocumentsFilterQuery } from '../lib/document-filters';

export type DocumentsListQuery = DocumentsFilterQuery & {
  limit: number;
  offset: number;
  sortedBy?: string;
  sortedDesc?: boolean;
};

export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (kind: DocumentListKind, query: DocumentsListQuery) => [...documentKeys.lists(), kind, query] as const,
  details: (id: number) => [...documentKeys.all, 'details', id] as const,
  comments: (id: number) => [...documentKeys.all, 'comments', id] as const,
  shares: (id: number) => [...documentKeys.all, 'shares', id] as const,
  defaultFilters: () => [...documentKeys.all, 'default-filters'] as const,
  uploaders: (text: string) => [...documentKeys.all, 'uploaders', text] as const,
  shared: (token: string) => ['shared-document', token] as const,
};
