import { sharedDocumentDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_URL, api, isApiError } from '@/lib/api-client';
import { documentKeys } from './document-keys';

/** Public: the link's token is the only credential, so no session is involved. */
export function getSharedDocument(token: string, signal?: AbortSignal) {
  return api.get(`/document/shared/${encodeURIComponent(token)}`, { schema: sharedDocumentDtoSchema, signal });
}

/** A plain link: the download needs no bearer token, and the browser streams it to disk itself. */
export function sharedDocumentDownloadUrl(token: string) {
  return `${API_BASE_URL}/document/shared/${encodeURIComponent(token)}/download`;
}

export function sharedDocumentQueryOptions(token: string) {
  return queryOptions({
    queryKey: documentKeys.shared(token),
    queryFn: ({ signal }) => getSharedDocument(token, signal),
    // Unknown, expired and revoked links all answer 404: retrying changes nothing.
    retry: (failures, error) => !isApiError(error, 404) && failures < 2,
  });
}

export function useSharedDocument(token: string) {
  return useQuery(sharedDocumentQueryOptions(token));
}
