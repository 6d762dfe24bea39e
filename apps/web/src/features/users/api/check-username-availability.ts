import { z } from 'zod';
import { api } from '@/lib/api-client';

/** True when no user has this username (the server compares case-insensitively). */
export function checkUsernameAvailability(username: string) {
  return api.get(`/identity/users/username/${encodeURIComponent(username)}/is-available`, { schema: z.boolean() });
}
