import type { TagGroupDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { tagInUseCount } from './tag-in-use';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

/** `version` is the one the list showed: one changed since is not deleted (412). */
export function deleteTagGroup(id: number, version?: string) {
  return api.delete(`/document/tag-groups/${id}`, { ifMatch: version });
}

export function useDeleteTagGroup(options: { onSuccess?: () => void; onStale?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: Pick<TagGroupDto, 'id' | 'displayName' | 'version'>) => deleteTagGroup(group.id, group.version),
    onSuccess: async (_data, group) => {
      notify.success(t('tags.messages.deleted', { name: group.displayName }), { key: 'tag-group-deleted' });
      options.onSuccess?.();
      await invalidateTagQueries(queryClient);
    },
    onError: async (error, group) => {
      if (staleVersionOf(error)) {
        // Someone changed it after the list loaded: say so and show it as it is now.
        notify.error(t('tags.messages.changedMeanwhile', { name: group.displayName }), { key: 'tag-group-deleted' });
        options.onStale?.();
        await invalidateTagQueries(queryClient);
        return;
      }
      // In use by documents: say so and by how many, rather than a bare failure.
      const count = tagInUseCount(error);
      notify.error(
        count === null
          ? t('tags.messages.groupDeleteFailed')
          : t('tags.messages.groupInUse', { name: group.displayName, count }),
        { key: 'tag-group-deleted' },
      );
    },
  });
}
