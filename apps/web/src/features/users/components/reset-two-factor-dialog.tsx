import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify';
import { useResetUserTwoFactor } from '../api/reset-user-two-factor';

export interface ResetTwoFactorTarget {
  id: number;
  fullName: string;
}

/** The administrator's reset of a user's second factor (issue 11 item 1), after a confirmation naming them. */
export function ResetTwoFactorDialog({
  target,
  onClose,
}: {
  target: ResetTwoFactorTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetUserTwoFactor();
  const name = target?.fullName ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await reset.mutateAsync(target.id);
      notify.success(t('users.messages.twoFactorReset', { name }), { key: `user-two-factor-${target.id}` });
      onClose();
    } catch {
      notify.error(t('users.messages.twoFactorResetError'), { key: 'user-two-factor-failed' });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('users.twoFactor.title')}
      message={t('users.twoFactor.message', { name })}
      confirmLabel={t('users.twoFactor.confirm')}
      danger
      loading={reset.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
