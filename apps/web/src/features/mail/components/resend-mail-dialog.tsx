import type { MailMessageDto } from '@ledgerport/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify';
import { useResendMailMessage } from '../api/resend-mail-message';

/** "Send again" for a failed message, after a confirmation naming it (the recipient gets it once more). */
export function ResendMailDialog({ target, onClose }: { target: MailMessageDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const resend = useResendMailMessage();
  const recipient = target?.recipient ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await resend.mutateAsync(target.id);
      notify.success(t('mail.messages.resent', { recipient }), { key: 'mail-resend' });
      onClose();
    } catch {
      notify.error(t('mail.messages.resendError'), { key: 'mail-resend' });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('mail.confirm.resendTitle')}
      message={t('mail.confirm.resend', { subject: target?.subject ?? '', recipient })}
      confirmLabel={t('mail.actions.resend')}
      loading={resend.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
