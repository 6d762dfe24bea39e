import { publicLeadDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadPath, onboardingKeys } from './onboarding-keys';

export function getLead(idHash: string, signal?: AbortSignal) {
  return api.get(leadPath(idHash), { schema: publicLeadDtoSchema, signal });
}

export function leadQueryOptions(idHash: string) {
  return queryOptions({ queryKey: onboardingKeys.lead(idHash), queryFn: ({ signal }) => getLead(idHash, signal) });
}

export function useLead(idHash: string | undefined) {
  return useQuery({ ...leadQueryOptions(idHash ?? ''), enabled: Boolean(idHash) });
}
