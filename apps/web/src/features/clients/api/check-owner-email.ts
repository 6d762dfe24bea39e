import { z } from 'zod';
import { api } from '@/lib/api-client';

/** Whether no user has this e-mail address yet (the new owner of a client). */
export function checkOwnerEmailAvailability(emailAddress: string) {
  return api.get(`/document/clients/owner-email/${encodeURIComponent(emailAddress)}/is-available`, {
    schema: z.boolean(),
  });
}
