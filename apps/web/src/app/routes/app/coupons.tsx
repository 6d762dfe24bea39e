import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useCoupons } from '@/features/coupons/api/get-coupons';
import { CouponStatusDialog, type CouponTarget } from '@/features/coupons/components/coupon-status-dialog';
import { CouponsTable } from '@/features/coupons/components/coupons-table';
import { CreateCouponModal } from '@/features/coupons/components/create-coupon-modal';
import { useAuthorization } from '@/lib/authorization';

const NO_FILTERS = {};

/** Coupons (spec 02 Coupons): the list with create and activate/deactivate. */
export function CouponsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams(NO_FILTERS);
  const coupons = useCoupons({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize, ...list.sort });
  const [creating, setCreating] = useState(false);
  const [statusTarget, setStatusTarget] = useState<CouponTarget | null>(null);

  const createButton = (variant: 'filled' | 'light') =>
    can('coupon:add') ? (
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
        {t('coupons.actions.create')}
      </Button>
    ) : undefined;

  return (
    <Stack gap="md">
      <PageHeader title={t('coupons.title')}>{createButton('filled')}</PageHeader>
      <CouponsTable
        label={t('coupons.title')}
        rows={coupons.data?.items}
        totalCount={coupons.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={coupons.isFetching}
        isError={coupons.isError}
        onRetry={() => void coupons.refetch()}
        isFiltered={false}
        emptyAction={createButton('light')}
        onChangeStatus={can('coupon:change-status') ? setStatusTarget : undefined}
      />
      <CreateCouponModal opened={creating} onClose={() => setCreating(false)} />
      <CouponStatusDialog target={statusTarget} onClose={() => setStatusTarget(null)} />
    </Stack>
  );
}
