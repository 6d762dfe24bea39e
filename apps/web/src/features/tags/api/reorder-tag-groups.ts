import type { ListTagGroupsQuery, TagGroupList } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { listedVersions, staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateTagQueries, tagKeys } from './tag-keys';

/**
 * `versions`: each group's version as the list showed it; when any group was changed since, the
 * order is refused (412) and nothing moves.
 */
export function putTagGroupOrder(ids: number[], versions?: string[]) {
  return api.put('/document/tag-groups/reorder', { body: { ids, versions } });
}

/**
 * The dropped row stays where it was dropped while the order is saved (the cached list is reordered
 * at once); the list is read again afterwards, which also puts it back if saving failed. The order
 * goes with the versions of the groups as listed, so it is not saved over someone else's change.
 */
export function useReorderTagGroups(query: ListTagGroupsQuery) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = tagKeys.groups(query);
  return useMutation({
    mutationFn: (ids: number[]) => {
      const list = queryClient.getQueryData<TagGroupList>(key);
      return putTagGroupOrder(ids, listedVersions(ids, list?.items));
    },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TagGroupList>(key, (list) => {
        if (!list) return list;
        const byId = new Map(list.items.map((group) => [group.id, group]));
        const items = ids.flatMap((id) => byId.get(id) ?? []);
        return items.length === list.items.length ? { ...list, items } : list;
      });
    },
    onError: (error) =>
      notify.error(t(staleVersionOf(error) ? 'tags.messages.reorderStale' : 'tags.messages.reorderFailed'), {
        key: 'tag-groups-reordered',
      }),
    onSettled: () => invalidateTagQueries(queryClient),
  });
}
