import { REMOTE_SEARCH_MIN_CHARS, dropdownOptionSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const optionsSchema = z.array(dropdownOptionSchema);

/** Users who uploaded a document the caller may see, by name: the uploaded-by filter. */
export function getDocumentUploaders(text: string, signal?: AbortSignal) {
  return api.get('/document/documents/uploaders', { query: { text }, schema: optionsSchema, signal });
}

export function documentUploadersQueryOptions(text: string) {
  return queryOptions({
    queryKey: documentKeys.uploaders(text),
    queryFn: ({ signal }) => getDocumentUploaders(text, signal),
    placeholderData: keepPreviousData,
  });
}

/** Searches only above 2 typed characters (spec 02 section 5). */
export function useDocumentUploaders(text: string) {
  const trimmed = text.trim();
  return useQuery({
    ...documentUploadersQueryOptions(trimmed),
    enabled: trimmed.length >= REMOTE_SEARCH_MIN_CHARS,
  });
}
