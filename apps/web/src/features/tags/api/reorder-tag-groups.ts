import type { ListTagGroupsQuery, TagGroupList } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries, tagKeys } from './tag-keys';

export function putTagGroupOrder(ids: number[]) {
  return api.put('/document/tag-groups/reorder', { body: { ids } });
}

/**
 * The dropped row stays where it was dropped while the order is saved (the cached list is reordered
 * at once); the list is read again afterwards, which also puts it back if saving failed.
 */
export function useReorderTagGroups(query: ListTagGroupsQuery) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = tagKeys.groups(query);
  return useMutation({
    mutationFn: putTagGroupOrder,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TagGroupList>(key, (list) => {
        if (!list) return list;
        const byId = new Map(list.items.map((group) => [group.id, group]));
        const items = ids.flatMap((id) => byId.get(id) ?? []);
        return items.length === list.items.length ? { ...list, items } : list;
      });
    },
    onError: () => notify.error(t('tags.messages.reorderFailed'), { key: 'tag-groups-reordered' }),
    onSettled: () => invalidateTagQueries(queryClient),
  });
}
