import { roleDtoSchema, type RoleDto, type RoleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { roleKeys } from './role-keys';

/** `version` is the one the form loaded, sent as If-Match: a role saved meanwhile answers 412. */
export function putRole({ id, input, version }: { id: number; input: RoleInput; version?: string }) {
  return api.put(`/identity/roles/${id}`, { body: input, ifMatch: version, schema: roleDtoSchema });
}

export function useUpdateRole(options: { onSuccess?: (role: RoleDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRole,
    onSuccess: async (role) => {
      notify.success(t('common.messages.updated', { name: role.displayName }), { key: 'role-saved' });
      options.onSuccess?.(role);
      queryClient.setQueryData(roleKeys.detail(role.id), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
    // A 412 is the form's to show (it keeps what was typed and names who saved).
    onError: (error) => {
      if (!staleVersionOf(error)) notify.error(t('roles.messages.updateFailed'), { key: 'role-saved' });
    },
  });
}
