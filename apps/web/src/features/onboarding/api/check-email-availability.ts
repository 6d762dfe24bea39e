import { z } from 'zod';
import { api } from '@/lib/api-client';
import { ONBOARDING_BASE } from './onboarding-keys';

/**
 * True when no user has this e-mail address yet (spec 03 section 7, checkEmailAddressAvailability).
 * The server answers only inside this onboarding (issue 17 item 4), so the lead's idHash goes along.
 */
export function checkEmailAvailability(emailAddress: string, leadIdHash: string) {
  return api.get(`${ONBOARDING_BASE}/email-address/${encodeURIComponent(emailAddress)}/is-available`, {
    query: { leadIdHash },
    schema: z.boolean(),
  });
}
