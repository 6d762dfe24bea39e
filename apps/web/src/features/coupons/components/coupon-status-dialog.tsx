import type { CouponDto } from '@ledgerport/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { savedByText, staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useChangeCouponStatus } from '../api/change-coupon-status';

/** `version`: the list row's, sent as If-Match. */
export type CouponTarget = Pick<CouponDto, 'id' | 'title' | 'isActive' | 'version'>;

/** Activate or deactivate after a confirmation worded for the coupon's current state (spec 02 section 4). */
export function CouponStatusDialog({ target, onClose }: { target: CouponTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeCouponStatus();
  const deactivating = target?.isActive ?? false;
  const title = target?.title ?? '';

  const confirm = async () => {
    if (!target) return;
    try {
      await change.mutateAsync({ id: target.id, isActive: !target.isActive, version: target.version });
      notify.success(t(deactivating ? 'coupons.messages.deactivated' : 'coupons.messages.activated', { title }), {
        key: 'coupon-status',
      });
      onClose();
    } catch (error) {
      const stale = staleVersionOf(error);
      if (stale) {
        // Someone changed it after the list was loaded: nothing was changed, the list now shows theirs.
        const by = savedByText(t, stale);
        notify.error(`${t('coupons.messages.changedMeanwhile', { title })} ${by}`, { key: 'coupon-status' });
        onClose();
        return;
      }
      notify.error(t(deactivating ? 'coupons.messages.deactivateError' : 'coupons.messages.activateError'), {
        key: 'coupon-status',
      });
    }
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={t(deactivating ? 'coupons.confirm.deactivateTitle' : 'coupons.confirm.activateTitle')}
      message={t(deactivating ? 'coupons.confirm.deactivate' : 'coupons.confirm.activate', { title })}
      confirmLabel={deactivating ? t('common.actions.deactivate') : t('common.actions.activate')}
      danger={deactivating}
      loading={change.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
