import { dropdownOptionSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { tagKeys } from './tag-keys';

const optionsSchema = z.array(dropdownOptionSchema);

export function getTagGroupOptions(signal?: AbortSignal) {
  return api.get('/document/tag-groups/all', { schema: optionsSchema, signal });
}

export function tagGroupOptionsQueryOptions() {
  return queryOptions({ queryKey: tagKeys.groupOptions(), queryFn: ({ signal }) => getTagGroupOptions(signal) });
}

export function useTagGroupOptions({ enabled }: { enabled: boolean }) {
  return useQuery({ ...tagGroupOptionsQueryOptions(), enabled });
}
