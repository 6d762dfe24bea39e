import { roleDtoSchema, type RoleDto, type RoleInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { roleKeys } from './role-keys';

export function postRole(input: RoleInput) {
  return api.post('/identity/roles', { body: input, schema: roleDtoSchema });
}

export function useCreateRole(options: { onSuccess?: (role: RoleDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRole,
    onSuccess: async (role) => {
      notify.success(t('common.messages.created', { name: role.displayName }), { key: 'role-saved' });
      options.onSuccess?.(role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
    onError: () => notify.error(t('roles.messages.createFailed'), { key: 'role-saved' }),
  });
}
