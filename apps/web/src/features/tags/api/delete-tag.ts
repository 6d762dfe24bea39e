import type { TagDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { tagInUseCount } from './tag-in-use';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

/** `version` is the one the list showed: one changed since is not deleted (412). */
export function deleteTag(id: number, version?: string) {
  return api.delete(`/document/tags/${id}`, { ifMatch: version });
}

export function useDeleteTag(options: { onSuccess?: () => void; onStale?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Pick<TagDto, 'id' | 'displayName' | 'version'>) => deleteTag(tag.id, tag.version),
    onSuccess: async (_data, tag) => {
      notify.success(t('tags.messages.deleted', { name: tag.displayName }), { key: 'tag-deleted' });
      options.onSuccess?.();
      await invalidateTagQueries(queryClient);
    },
    onError: async (error, tag) => {
      if (staleVersionOf(error)) {
        // Someone changed it after the list loaded: say so and show it as it is now.
        notify.error(t('tags.messages.changedMeanwhile', { name: tag.displayName }), { key: 'tag-deleted' });
        options.onStale?.();
        await invalidateTagQueries(queryClient);
        return;
      }
      // In use by documents: say so and by how many, rather than a bare failure.
      const count = tagInUseCount(error);
      notify.error(
        count === null
          ? t('tags.messages.tagDeleteFailed')
          : t('tags.messages.tagInUse', { name: tag.displayName, count }),
        { key: 'tag-deleted' },
      );
    },
  });
}
