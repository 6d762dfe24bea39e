import { servicePlanDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { leadPath, onboardingKeys } from './onboarding-keys';

/** The plans for the services the lead chose (spec 03 quote). */
export function useServicePlans(idHash: string) {
  return useQuery({
    queryKey: onboardingKeys.servicePlans(idHash),
    queryFn: ({ signal }) =>
      api.get(`${leadPath(idHash)}/service-plans`, { schema: z.array(servicePlanDtoSchema), signal }),
  });
}
