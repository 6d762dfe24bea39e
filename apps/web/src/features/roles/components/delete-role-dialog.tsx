import type { RoleDto } from '@ledgerport/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteRole } from '../api/delete-role';

/** Keeps the last target on screen while the dialog fades out after `target` became null. */
function useLastTarget<T>(target: T | null): T | null {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
}

export function DeleteRoleDialog({
  role,
  onClose,
  onDeleted,
}: {
  role: RoleDto | null;
  onClose: () => void;
  onDeleted?: (role: RoleDto) => void;
}) {
  const { t } = useTranslation();
  const shown = useLastTarget(role);
  const remove = useDeleteRole({
    onSuccess: (deleted) => {
      onClose();
      onDeleted?.(deleted);
    },
    onStale: onClose,
  });
  return (
    <ConfirmDialog
      opened={role !== null}
      title={t('roles.confirm.deleteTitle')}
      message={t('roles.confirm.delete', { name: shown?.displayName ?? '' })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => role && remove.mutate(role)}
      onClose={onClose}
    />
  );
}
