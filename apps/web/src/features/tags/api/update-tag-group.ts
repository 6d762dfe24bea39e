import { tagGroupDtoSchema, type TagGroupDto, type TagGroupInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { invalidateTagQueries } from './tag-keys';

/** `version` is the one the form loaded: a save over a newer one is refused (412). */
export function putTagGroup({ id, input, version }: { id: number; input: TagGroupInput; version?: string }) {
  return api.put(`/document/tag-groups/${id}`, { body: input, schema: tagGroupDtoSchema, ifMatch: version });
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
    // A 412 is the form's to show (FormConflictAlert): what was typed stays.
    onError: (error) => {
      if (!staleVersionOf(error)) notify.error(t('tags.messages.groupUpdateFailed'), { key: 'tag-group-saved' });
    },
  });
}
