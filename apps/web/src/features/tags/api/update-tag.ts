import { tagDtoSchema, type TagDto, type TagInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function putTag({ id, input }: { id: number; input: TagInput }) {
  return api.put(`/document/tags/${id}`, { body: input, schema: tagDtoSchema });
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
    onError: () => notify.error(t('tags.messages.tagUpdateFailed'), { key: 'tag-saved' }),
  });
}
