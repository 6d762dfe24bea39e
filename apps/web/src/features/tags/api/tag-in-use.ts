import { TAG_ERROR, tagInUseDetailsSchema } from '@ledgerport/shared';
import { ApiError } from '@/lib/api-client';

/** How many documents carry the tag a delete was refused for (409 TAG_IN_USE), or null for other errors. */
export function tagInUseCount(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== TAG_ERROR.inUse) return null;
  const details = tagInUseDetailsSchema.safeParse(error.details);
  return details.success ? details.data.documentCount : null;
}
