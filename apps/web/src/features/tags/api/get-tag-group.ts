import { tagGroupDtoSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/**
 * One tag group as stored now, with its version: the screen edits groups from the list, and reads
 * one again only after a save met someone else's (412), to show what they changed.
 */
export function getTagGroup(id: number, signal?: AbortSignal) {
  return api.get(`/document/tag-groups/${id}`, { schema: tagGroupDtoSchema, signal });
}
