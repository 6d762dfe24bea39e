import { dropdownOptionSchema, onboardingServiceDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ONBOARDING_BASE, onboardingKeys } from './onboarding-keys';

/** The wizard's dropdown lists (spec 03 section 7, lookups): the same call shape for each. */
export type OnboardingLookup =
  | 'contact-positions'
  | 'industries'
  | 'annual-sales-ranges'
  | 'employee-count-ranges'
  | 'accounting-software-tools'
  | 'acquisition-channels';

const optionsSchema = z.array(dropdownOptionSchema);

export function getLookupOptions(kind: OnboardingLookup, signal?: AbortSignal) {
  return api.get(`${ONBOARDING_BASE}/${kind}/all`, { schema: optionsSchema, signal });
}

export function lookupQueryOptions(kind: OnboardingLookup) {
  return queryOptions({
    queryKey: onboardingKeys.lookup(kind),
    queryFn: ({ signal }) => getLookupOptions(kind, signal),
    staleTime: Infinity,
  });
}

/** As Mantine's Select takes them. */
export function useLookupOptions(kind: OnboardingLookup) {
  return useQuery({
    ...lookupQueryOptions(kind),
    select: (options) => options.map((option) => ({ value: option.value, label: option.displayText })),
  });
}

export function getOnboardingServices(signal?: AbortSignal) {
  return api.get(`${ONBOARDING_BASE}/services/all`, { schema: z.array(onboardingServiceDtoSchema), signal });
}

export function useOnboardingServices() {
  return useQuery({
    queryKey: onboardingKeys.lookup('services'),
    queryFn: ({ signal }) => getOnboardingServices(signal),
    staleTime: Infinity,
  });
}
