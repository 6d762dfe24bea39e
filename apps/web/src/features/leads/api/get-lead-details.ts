import { leadDetailsDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export function useLeadDetails(id: number) {
  return useQuery({
    queryKey: leadKeys.details(id),
    queryFn: ({ signal }) => api.get(`/document/leads/${id}/details`, { schema: leadDetailsDtoSchema, signal }),
  });
}
