import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { clientKeys } from './client-keys';

export interface Option {
  value: string;
  label: string;
}

const dropdownSchema = z
  .array(dropdownOptionSchema)
  .transform((items) => items.map((item) => ({ value: item.value, label: item.displayText })));
/** `document/services/all` answers service objects; the filters need id and name. */
const servicesSchema = z
  .array(z.object({ id: z.number().int(), displayName: z.string() }))
  .transform((items) => items.map((item) => ({ value: String(item.id), label: item.displayName })));

export function getAdvisorOptions(signal?: AbortSignal) {
  return api.get('/identity/users/advisors/all', { schema: dropdownSchema, signal });
}
export function getServiceOptions(signal?: AbortSignal) {
  return api.get('/document/services/all', { schema: servicesSchema, signal });
}
export function getStateOptions(signal?: AbortSignal) {
  return api.get('/company/states/all', { schema: dropdownSchema, signal });
}

const FETCHERS = { advisors: getAdvisorOptions, services: getServiceOptions, states: getStateOptions } as const;

export function optionsQueryOptions(kind: keyof typeof FETCHERS) {
  return queryOptions({
    queryKey: clientKeys.options(kind),
    queryFn: ({ signal }): Promise<Option[]> => FETCHERS[kind](signal),
    staleTime: 60_000,
  });
}

/** Dropdown options of the search panel and the create form: advisors, services or states. */
export function useOptions(kind: keyof typeof FETCHERS, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...optionsQueryOptions(kind), enabled });
}
