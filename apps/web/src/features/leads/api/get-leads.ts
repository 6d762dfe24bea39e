import { pagedLeadsSchema } from '@ledgerport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys, type LeadsListQuery } from './lead-keys';

export function getLeads(query: LeadsListQuery, signal?: AbortSignal) {
  return api.get('/document/leads', { query, schema: pagedLeadsSchema, signal });
}

export function useLeads(query: LeadsListQuery) {
  return useQuery({
    queryKey: leadKeys.list(query),
    queryFn: ({ signal }) => getLeads(query, signal),
    placeholderData: keepPreviousData,
  });
}
