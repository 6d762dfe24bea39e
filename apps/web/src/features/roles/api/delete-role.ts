import type { RoleDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/api-client';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { roleKeys } from './role-keys';

/** `version` is the list row's: sent as If-Match, so a role changed since the list loaded answers 412. */
export function deleteRole(id: number, version?: string) {
  return api.delete(`/identity/roles/${id}`, { ifMatch: version });
}

export function useDeleteRole(
  options: { onSuccess?: (role: RoleDto) => void; onStale?: (role: RoleDto) => void } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RoleDto) => deleteRole(role.id, role.version),
    onSuccess: async (_, role) => {
      notify.success(t('roles.messages.deleted', { name: role.displayName }), { key: 'role-deleted' });
      options.onSuccess?.(role);
      queryClient.removeQueries({ queryKey: roleKeys.detail(role.id) });
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
    },
    onError: async (error, role) => {
      if (staleVersionOf(error)) {
        // Changed since the list loaded: the list shows the role as it is now, to decide again.
        notify.error(t('common.conflict.changedMeanwhile', { name: role.displayName }), { key: 'role-deleted' });
        options.onStale?.(role);
        queryClient.removeQueries({ queryKey: roleKeys.detail(role.id) });
        await queryClient.invalidateQueries({ queryKey: roleKeys.lists() });
        return;
      }
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
