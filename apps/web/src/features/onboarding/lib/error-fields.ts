import { isApiError } from '@/lib/api-client';

/** The fields a 400/409 answer names in its details (`[{in, field, message}]`). */
export function errorFields(error: unknown): string[] {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  return (error.details as unknown[]).flatMap((detail) =>
    typeof detail === 'object' && detail !== null && typeof (detail as { field?: unknown }).field === 'string'
      ? [(detail as { field: string }).field]
      : [],
  );
}
