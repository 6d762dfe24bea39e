import { requestTemplateDetailsSchema, requestTemplateListSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { requestTemplateKeys, type RequestTemplatesListQuery } from './request-keys';

export function getRequestTemplates(query: RequestTemplatesListQuery, signal?: AbortSignal) {
  return api.get('/document/request-templates', { query, schema: requestTemplateListSchema, signal });
}

export function requestTemplatesQueryOptions(query: RequestTemplatesListQuery) {
  return queryOptions({
    queryKey: requestTemplateKeys.list(query),
    queryFn: ({ signal }) => getRequestTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRequestTemplates(query: RequestTemplatesListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...requestTemplatesQueryOptions(query), enabled: options.enabled ?? true });
}

export function getRequestTemplate(id: number, signal?: AbortSignal) {
  return api.get(`/document/request-templates/${id}`, { schema: requestTemplateDetailsSchema, signal });
}

export function useRequestTemplate(id: number | null) {
  return useQuery({
    queryKey: requestTemplateKeys.details(id ?? 0),
    queryFn: ({ signal }) => getRequestTemplate(id!, signal),
    enabled: id !== null,
  });
}
