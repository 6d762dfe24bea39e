import { tagGroupDtoSchema, type TagGroupDto, type TagGroupInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function postTagGroup(input: TagGroupInput) {
  return api.post('/document/tag-groups', { body: input, schema: tagGroupDtoSchema });
}

export function useCreateTagGroup(options: { onSuccess?: (group: TagGroupDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTagGroup,
    onSuccess: async (group) => {
      notify.success(t('common.messages.created', { name: group.displayName }), { key: 'tag-group-saved' });
      options.onSuccess?.(group);
      await invalidateTagQueries(queryClient);
    },
    onError: () => notify.error(t('tags.messages.groupCreateFailed'), { key: 'tag-group-saved' }),
  });
}
