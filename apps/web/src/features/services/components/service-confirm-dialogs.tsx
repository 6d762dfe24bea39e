import type { ServiceDto } from '@ledgerport/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChangeServiceStatus } from '../api/change-service-status';
import { useDeleteService } from '../api/delete-service';

/** Keeps the last target on screen while the dialog fades out after `target` became null. */
function useLastTarget<T>(target: T | null): T | null {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
}

interface DialogProps {
  service: ServiceDto | null;
  onClose: () => void;
  /** After the change succeeded, e.g. to go back a page when the row left it. */
  onDone?: (service: ServiceDto) => void;
}

export function DeleteServiceDialog({ service, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const shown = useLastTarget(service);
  const remove = useDeleteService({
    onSuccess: (deleted) => {
      onClose();
      onDone?.(deleted);
    },
    // Changed by someone else meanwhile (412): the message says so and the list shows it as it is.
    onStale: onClose,
  });
  return (
    <ConfirmDialog
      opened={service !== null}
      title={t('services.confirm.deleteTitle')}
      message={t('services.confirm.delete', { name: shown?.displayName ?? '' })}
      confirmLabel={t('common.actions.delete')}
      danger
      loading={remove.isPending}
      onConfirm={() => service && remove.mutate(service)}
      onClose={onClose}
    />
  );
}

/** Worded by the service's current state (spec 01 section 4.7). */
export function ServiceStatusDialog({ service, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const shown = useLastTarget(service);
  const change = useChangeServiceStatus({
    onSuccess: (changed) => {
      onClose();
      onDone?.(changed);
    },
    onStale: onClose,
  });
  const deactivating = shown?.isActive ?? true;
  return (
    <ConfirmDialog
      opened={service !== null}
      title={t(deactivating ? 'services.confirm.deactivateTitle' : 'services.confirm.activateTitle')}
      message={t(deactivating ? 'services.confirm.deactivate' : 'services.confirm.activate', {
        name: shown?.displayName ?? '',
      })}
      confirmLabel={t(deactivating ? 'common.actions.deactivate' : 'common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => service && change.mutate(service)}
      onClose={onClose}
    />
  );
}
