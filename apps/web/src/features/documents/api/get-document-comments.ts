import { documentCommentDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { documentKeys } from './document-keys';

const commentsSchema = z.array(documentCommentDtoSchema);

export function getDocumentComments(id: number, signal?: AbortSignal) {
  return api.get(`/document/documents/${id}/comments`, { schema: commentsSchema, signal });
}

export function documentCommentsQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.comments(id),
    queryFn: ({ signal }) => getDocumentComments(id, signal),
  });
}

export function useDocumentComments(id: number | null) {
  return useQuery({ ...documentCommentsQueryOptions(id ?? 0), enabled: id !== null });
}
