import { roleDtoSchema, type RoleDto, type RoleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { roleKeys } from './role-keys';

export function putRole({ id, input }: { id: number; input: RoleInput }) {
  return api.put(`/identity/roles/${id}`, { body: input, schema: roleDtoSchema });
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
    onError: () => notify.error(t('roles.messages.updateFailed'), { key: 'role-saved' }),
  });
}
