import { tagDtoSchema, type CreateTagInput, type TagDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function postTag(input: CreateTagInput) {
  return api.post('/document/tags', { body: input, schema: tagDtoSchema });
}

export function useCreateTag(options: { onSuccess?: (tag: TagDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTag,
    onSuccess: async (tag) => {
      notify.success(t('common.messages.created', { name: tag.displayName }), { key: 'tag-saved' });
      options.onSuccess?.(tag);
      await invalidateTagQueries(queryClient);
    },
    onError: () => notify.error(t('tags.messages.tagCreateFailed'), { key: 'tag-saved' }),
  });
}
