import type { RoleDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { roleKeys } from './role-keys';

export function deleteRole(id: number) {
  return api.delete(`/identity/roles/${id}`);
}

export function useDeleteRole(options: { onSuccess?: (role: RoleDto) => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RoleDto) => deleteRole(role.id),
    onSuccess: async (_, role) => {
      notify.success(t('roles.messages.deleted', { name: role.displayName }), { key: 'role-deleted' });
      options.onSuccess?.(role);
      queryClient.removeQueries({ queryKey: roleKeys.detail(role.id) });
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
    onError: (error, role) => {
      // A 409 has one cause the user can act on: the role is static, or users still hold it.
      const message = !isApiError(error, 409)
        ? t('roles.messages.deleteFailed')
        : role.isStatic
          ? t('roles.messages.deleteStatic', { name: role.displayName })
          : t('roles.messages.deleteAssigned', { name: role.displayName });
      notify.error(message, { key: 'role-deleted' });
    },
  });
}
