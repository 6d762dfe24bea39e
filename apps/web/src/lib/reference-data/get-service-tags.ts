import { catalogTagDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { REFERENCE_STALE_TIME, referenceKeys } from './reference-keys';

/** The active tags of the main tag group that apply to a service (the home screen's tiles). */
export function getServiceTags(serviceId: number, signal?: AbortSignal) {
  return api.get(`/document/services/${serviceId}/main-tag-group-tags/document-assigned`, {
    schema: z.array(catalogTagDtoSchema),
    signal,
  });
}

export function serviceTagsQueryOptions(serviceId: number) {
  return queryOptions({
    queryKey: referenceKeys.serviceTags(serviceId),
    queryFn: ({ signal }) => getServiceTags(serviceId, signal),
    staleTime: REFERENCE_STALE_TIME.tags,
  });
}

export function useServiceTags(serviceId: number) {
  return useQuery(serviceTagsQueryOptions(serviceId));
}
