import { tagAvailabilitySchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

const SEGMENT = { name: 'name', displayName: 'display-name' } as const;

/** `true` when no tag group has this name (or display name), in any case. */
export function checkTagGroupAvailability(field: keyof typeof SEGMENT, value: string) {
  return api.get(`/document/tag-groups/${SEGMENT[field]}/${encodeURIComponent(value)}/is-available`, {
    schema: tagAvailabilitySchema,
  });
}
