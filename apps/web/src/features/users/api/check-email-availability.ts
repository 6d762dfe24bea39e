import { z } from 'zod';
import { api } from '@/lib/api-client';

/** True when no user has this e-mail address (the server compares case-insensitively). */
export function checkEmailAvailability(emailAddress: string) {
  return api.get(`/identity/users/email-address/${encodeURIComponent(emailAddress)}/is-available`, {
    schema: z.boolean(),
  });
}
