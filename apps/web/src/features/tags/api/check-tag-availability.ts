import { tagAvailabilitySchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

const SEGMENT = { name: 'name', displayName: 'display-name' } as const;

/** `true` when no tag of the group has this name (or display name), in any case. */
export function checkTagAvailability(tagGroupId: number, field: keyof typeof SEGMENT, value: string) {
  return api.get(`/document/tags/${SEGMENT[field]}/${encodeURIComponent(value)}/is-available`, {
    query: { tagGroupId },
    schema: tagAvailabilitySchema,
  });
}
