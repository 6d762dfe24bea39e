import { tagDtoSchema, type TagDto, type TagInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

/** `version` is the one the form loaded: a save over a newer one is refused (412). */
export function putTag({ id, input, version }: { id: number; input: TagInput; version?: string }) {
  return api.put(`/document/tags/${id}`, { body: input, schema: tagDtoSchema, ifMatch: version });
}

export function useUpdateTag(options: { onSuccess?: (tag: TagDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTag,
    onSuccess: async (tag) => {
      notify.success(t('common.messages.updated', { name: tag.displayName }), { key: 'tag-saved' });
      options.onSuccess?.(tag);
      await invalidateTagQueries(queryClient);
    },
    // A 412 is the form's to show (FormConflictAlert): what was typed stays.
    onError: (error) => {
      if (!staleVersionOf(error)) notify.error(t('tags.messages.tagUpdateFailed'), { key: 'tag-saved' });
    },
  });
}
