import { z } from 'zod';
import { api } from '@/lib/api-client';

const SEGMENT = { name: 'name', displayName: 'display-name' } as const;

/** `true` when no role has this name (or display name), in any case. */
export function checkRoleAvailability(field: keyof typeof SEGMENT, value: string) {
  return api.get(`/identity/roles/${SEGMENT[field]}/${encodeURIComponent(value)}/is-available`, {
    schema: z.boolean(),
  });
}
