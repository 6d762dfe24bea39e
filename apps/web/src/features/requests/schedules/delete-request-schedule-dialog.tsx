import type { RequestSchedule } from '@ledgerport/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useDeleteRequestSchedule } from '../api/delete-request-schedule';

/** Keeps the last target on screen while the dialog fades out after `target` became null. */
function useLastTarget<T>(target: T | null): T | null {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
}

/** Delete a recurring request; the requests it already made stay with their clients (the dialog says so). */
export function DeleteRequestScheduleDialog({
  schedule,
  onClose,
  onDeleted,
}: {
  schedule: RequestSchedule | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const shown = useLastTarget(schedule);
  const remove = useDeleteRequestSchedule();
  const confirm = () => {
    if (!schedule) return;
    remove.mutate(
      { id: schedule.id, version: schedule.version },
      {
        onSuccess: () => {
          notify.success(t('requestTemplates.schedules.messages.deleted', { name: schedule.name }), {
            key: 'request-schedule-deleted',
          });
          onClose();
          onDeleted?.();
        },
        onError: (error) =>
          notify.error(
            staleVersionOf(error)
              ? t('requestTemplates.schedules.messages.changedMeanwhile', { name: schedule.name })
              : t('requestTemplates.schedules.messages.deleteError'),
            { key: 'request-schedule-deleted' },
          ),
      },
    );
  };
  return (
    <ConfirmDialog
      opened={schedule !== null}
      title={t('requestTemplates.schedules.confirm.deleteTitle')}
      message={t('requestTemplates.schedules.confirm.delete', { name: shown?.name ?? '' })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
