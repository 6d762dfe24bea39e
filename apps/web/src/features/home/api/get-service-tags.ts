import { catalogTagDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { homeKeys } from './home-keys';

const tagsSchema = z.array(catalogTagDtoSchema);

/** The active tags of the main tag group that apply to a service. */
export function getServiceTags(serviceId: number, signal?: AbortSignal) {
  return api.get(`/document/services/${serviceId}/main-tag-group-tags/document-assigned`, {
    schema: tagsSchema,
    signal,
  });
}

export function serviceTagsQueryOptions(serviceId: number) {
  return queryOptions({
    queryKey: homeKeys.serviceTags(serviceId),
    queryFn: ({ signal }) => getServiceTags(serviceId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useServiceTags(serviceId: number) {
  return useQuery(serviceTagsQueryOptions(serviceId));
}
