import type { TagGroupDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { tagInUseCount } from './tag-in-use';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function deleteTagGroup(id: number) {
  return api.delete(`/document/tag-groups/${id}`);
}

export function useDeleteTagGroup(options: { onSuccess?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: Pick<TagGroupDto, 'id' | 'displayName'>) => deleteTagGroup(group.id),
    onSuccess: async (_data, group) => {
      notify.success(t('tags.messages.deleted', { name: group.displayName }), { key: 'tag-group-deleted' });
      options.onSuccess?.();
      await invalidateTagQueries(queryClient);
    },
    onError: (error, group) => {
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
