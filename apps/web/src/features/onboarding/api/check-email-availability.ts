import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ONBOARDING_BASE } from './onboarding-keys';

/** True when no user has this e-mail address yet (spec 03 section 7, checkEmailAddressAvailability). */
export function checkEmailAvailability(emailAddress: string) {
  return api.get(`${ONBOARDING_BASE}/email-address/${encodeURIComponent(emailAddress)}/is-available`, {
    schema: z.boolean(),
  });
}
