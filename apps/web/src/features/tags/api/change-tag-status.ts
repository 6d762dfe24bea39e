import { tagDtoSchema, type TagDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function activateTag(id: number) {
  return api.patch(`/document/tags/${id}/activate`, { schema: tagDtoSchema });
}

export function deactivateTag(id: number) {
  return api.patch(`/document/tags/${id}/deactivate`, { schema: tagDtoSchema });
}

/** Flips the tag's current state: activate an inactive tag, deactivate an active one. */
export function useChangeTagStatus(options: { onSuccess?: (tag: TagDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Pick<TagDto, 'id' | 'isActive'>) => (tag.isActive ? deactivateTag(tag.id) : activateTag(tag.id)),
    onSuccess: async (tag) => {
      const message = tag.isActive ? 'tags.messages.activated' : 'tags.messages.deactivated';
      notify.success(t(message, { name: tag.displayName }), { key: 'tag-status' });
      options.onSuccess?.(tag);
      await invalidateTagQueries(queryClient);
    },
    onError: (_error, tag) =>
      notify.error(t(tag.isActive ? 'tags.messages.deactivateFailed' : 'tags.messages.activateFailed'), {
        key: 'tag-status',
      }),
  });
}
