import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { savedByText, staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useChangeAnnouncementStatus } from '../api/change-announcement-status';

export interface AnnouncementTarget {
  id: number;
  title: string;
  isActive: boolean;
  /** The version the list loaded, sent as If-Match; when absent, the loaded list's row gives it. */
  version: string;
}

/** Activate or deactivate after a confirmation worded for the current state (spec 02 section 4). */
export function AnnouncementStatusDialog({
  target,
  onClose,
}: {
  target: AnnouncementTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeAnnouncementStatus();
  const deactivating = target?.isActive ?? false;
  const title = target?.title ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await change.mutateAsync({
        id: target.id,
        isActive: !target.isActive,
        version: target.version,
      });
      notify.success(
        deactivating
          ? t('announcements.messages.deactivated', { title })
          : t('announcements.messages.activated', { title }),
        { key: `announcement-status-${target.id}` },
      );
      onClose();
    } catch (error) {
      const stale = staleVersionOf(error);
      if (stale) {
        // Someone changed it after the list was loaded: nothing was changed, the list now shows theirs.
        const by = savedByText(t, stale);
        notify.error(`${t('announcements.messages.changedMeanwhile', { title })} ${by}`, {
          key: 'announcement-status-failed',
        });
        onClose();
        return;
      }
      notify.error(
        deactivating ? t('announcements.messages.deactivateError') : t('announcements.messages.activateError'),
        { key: 'announcement-status-failed' },
      );
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={deactivating ? t('announcements.confirm.deactivateTitle') : t('announcements.confirm.activateTitle')}
      message={
        deactivating ? t('announcements.confirm.deactivate', { title }) : t('announcements.confirm.activate', { title })
      }
      confirmLabel={deactivating ? t('common.actions.deactivate') : t('common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
