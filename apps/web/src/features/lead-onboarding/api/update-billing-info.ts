import type { LeadBillingInfoInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useUpdateBillingInfo() {
  return useMutation({
    mutationFn: (input: LeadBillingInfoInput) => api.put('/document/leads/me/billing-info', { body: input }),
  });
}
