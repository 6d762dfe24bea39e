import type { LeadBillingInfoInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `version`: the lead's version the dialog loaded, sent as If-Match (another window's save answers 412). */
export function useUpdateBillingInfo() {
  return useMutation({
    mutationFn: ({ input, version }: { input: LeadBillingInfoInput; version?: string }) =>
      api.put('/document/leads/me/billing-info', { body: input, ifMatch: version }),
  });
}
