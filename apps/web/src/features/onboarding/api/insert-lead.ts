import { leadIdHashDtoSchema, type InsertLeadInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ONBOARDING_BASE } from './onboarding-keys';

/** Step 1 for a new prospect: creates the lead (captcha checked) and returns its idHash. */
export function insertLead(input: InsertLeadInput) {
  return api.post(`${ONBOARDING_BASE}/leads`, { body: input, schema: leadIdHashDtoSchema });
}

export function useInsertLead() {
  return useMutation({ mutationFn: insertLead });
}
