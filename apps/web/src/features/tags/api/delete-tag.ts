import type { TagDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { tagInUseCount } from './tag-in-use';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function deleteTag(id: number) {
  return api.delete(`/document/tags/${id}`);
}

export function useDeleteTag(options: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Pick<TagDto, 'id' | 'displayName'>) => deleteTag(tag.id),
    onSuccess: async (_data, tag) => {
      notify.success(t('tags.messages.deleted', { name: tag.displayName }), { key: 'tag-deleted' });
      options.onSuccess?.();
      await invalidateTagQueries(queryClient);
    },
    onError: (error, tag) => {
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
