import { tagDtoSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** One tag as stored now, with its version: read after a save met someone else's (412), to show what they changed. */
export function getTag(id: number, signal?: AbortSignal) {
  return api.get(`/document/tags/${id}`, { schema: tagDtoSchema, signal });
}
