import { tagDtoSchema, type TagDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

/** `version` is the one the list showed: a tag changed since is left as it is (412). */
export function activateTag(id: number, version?: string) {
  return api.patch(`/document/tags/${id}/activate`, { schema: tagDtoSchema, ifMatch: version });
}

export function deactivateTag(id: number, version?: string) {
  return api.patch(`/document/tags/${id}/deactivate`, { schema: tagDtoSchema, ifMatch: version });
}

/** Flips the tag's current state: activate an inactive tag, deactivate an active one. */
export function useChangeTagStatus(options: { onSuccess?: (tag: TagDto) => void; onStale?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: Pick<TagDto, 'id' | 'isActive' | 'displayName' | 'version'>) =>
      tag.isActive ? deactivateTag(tag.id, tag.version) : activateTag(tag.id, tag.version),
    onSuccess: async (tag) => {
      const message = tag.isActive ? 'tags.messages.activated' : 'tags.messages.deactivated';
      notify.success(t(message, { name: tag.displayName }), { key: 'tag-status' });
      options.onSuccess?.(tag);
      await invalidateTagQueries(queryClient);
    },
    onError: async (error, tag) => {
      if (staleVersionOf(error)) {
        // Someone changed it after the list loaded: say so and show it as it is now.
        notify.error(t('tags.messages.changedMeanwhile', { name: tag.displayName }), { key: 'tag-status' });
        options.onStale?.();
        await invalidateTagQueries(queryClient);
        return;
      }
      notify.error(t(tag.isActive ? 'tags.messages.deactivateFailed' : 'tags.messages.activateFailed'), {
        key: 'tag-status',
      });
    },
  });
}
