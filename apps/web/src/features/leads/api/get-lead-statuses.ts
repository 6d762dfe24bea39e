import { leadStatusDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

/** Spec 02: the statuses are loaded from the server (for the status filter). */
export function useLeadStatuses() {
  return useQuery({
    queryKey: leadKeys.statuses(),
    queryFn: ({ signal }) => api.get('/document/leads/statuses/all', { schema: z.array(leadStatusDtoSchema), signal }),
    staleTime: Infinity,
  });
}
