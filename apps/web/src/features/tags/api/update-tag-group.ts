import { tagGroupDtoSchema, type TagGroupDto, type TagGroupInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

export function putTagGroup({ id, input }: { id: number; input: TagGroupInput }) {
  return api.put(`/document/tag-groups/${id}`, { body: input, schema: tagGroupDtoSchema });
}

export function useUpdateTagGroup(options: { onSuccess?: (group: TagGroupDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putTagGroup,
    onSuccess: async (group) => {
      notify.success(t('common.messages.updated', { name: group.displayName }), { key: 'tag-group-saved' });
      options.onSuccess?.(group);
      await invalidateTagQueries(queryClient);
    },
    onError: () => notify.error(t('tags.messages.groupUpdateFailed'), { key: 'tag-group-saved' }),
  });
}
