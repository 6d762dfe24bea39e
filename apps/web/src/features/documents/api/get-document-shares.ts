import { documentShareDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const sharesSchema = z.array(documentShareDtoSchema);

export function getDocumentShares(id: number, signal?: AbortSignal) {
  return api.get(`/document/documents/${id}/shares`, { schema: sharesSchema, signal });
}

export function documentSharesQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.shares(id),
    queryFn: ({ signal }) => getDocumentShares(id, signal),
  });
}

export function useDocumentShares(id: number | null) {
  return useQuery({ ...documentSharesQueryOptions(id ?? 0), enabled: id !== null });
}
