import { myLeadDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const myLeadKey = ['lead-onboarding', 'my-lead'] as const;

/** The signed-in client's linked lead: its status decides the dialog's step (spec 01 section 4.4). */
export function useMyLead({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: myLeadKey,
    queryFn: ({ signal }) => api.get('/document/leads/me', { schema: myLeadDtoSchema, signal }),
    enabled,
  });
}
