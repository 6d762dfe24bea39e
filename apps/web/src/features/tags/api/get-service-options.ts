import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { tagKeys } from './tag-keys';

/**
 * `GET document/services/all` belongs to the services area; the tag form only needs id and name, so
 * it accepts either dropdown options or service objects and keeps those two.
 */
const serviceOptionsSchema = z
  .array(
    z.union([
      z.object({ id: z.number().int(), displayName: z.string() }),
      dropdownOptionSchema.extend({ value: z.coerce.number().int() }),
    ]),
  )
  .transform((items) =>
    items.map((item) =>
      'id' in item ? { value: item.id, label: item.displayName } : { value: item.value, label: item.displayText },
    ),
  );
export type ServiceOption = z.output<typeof serviceOptionsSchema>[number];

export function getServiceOptions(signal?: AbortSignal) {
  return api.get('/document/services/all', { schema: serviceOptionsSchema, signal });
}

export function serviceOptionsQueryOptions() {
  return queryOptions({ queryKey: tagKeys.serviceOptions(), queryFn: ({ signal }) => getServiceOptions(signal) });
}

export function useServiceOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...serviceOptionsQueryOptions(), enabled });
}
