import { DISCOUNT_TYPE, type CouponDto } from '@ledgerport/shared';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';
import { DATE_FORMAT, formatDate } from '@/lib/dates';

type TableProps = Omit<DataTableProps<CouponDto>, 'columns' | 'rowKey'>;

/** Whole amounts as typed; cents only when there are some. */
const amount = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The Coupons list (spec 02 Coupons); the status action shows only with coupon:change-status. */
export function CouponsTable({
  onChangeStatus,
  ...table
}: TableProps & { onChangeStatus?: (coupon: CouponDto) => void }) {
  const { t } = useTranslation();

  const columns: DataTableColumn<CouponDto>[] = [
    {
      key: 'title',
      card: 'title',
      header: t('coupons.columns.title'),
      sortKey: 'title',
      render: (coupon) => (
        <StatusDot active={coupon.isActive}>
          <Text size="sm" fw={500}>
            {coupon.title}
          </Text>
        </StatusDot>
      ),
    },
    {
      key: 'code',
      card: 'primary',
      header: t('coupons.columns.code'),
      sortKey: 'code',
      render: (coupon) => coupon.code,
    },
    {
      key: 'discountValue',
      card: 'primary',
      header: t('coupons.columns.discountValue'),
      sortKey: 'discountValue',
      render: (coupon) =>
        t(coupon.discountType === DISCOUNT_TYPE.percentage ? 'coupons.discount.percentage' : 'coupons.discount.fixed', {
          value: amount(coupon.discountValue),
        }),
    },
    {
      key: 'expirationDate',
      card: 'primary',
      header: t('coupons.columns.expirationDate'),
      sortKey: 'expirationDate',
      render: (coupon) => formatDate(coupon.expirationDate, DATE_FORMAT.table),
    },
    {
      key: 'creationTime',
      header: t('coupons.columns.creationDate'),
      sortKey: 'creationTime',
      render: (coupon) => formatDate(coupon.creationTime, DATE_FORMAT.table),
    },
  ];
  if (onChangeStatus) {
    columns.push({
      key: 'actions',
      header: t('coupons.columns.actions'),
      width: 140,
      render: (coupon) => (
        <Button
          size="xs"
          variant="light"
          color={coupon.isActive ? 'red' : undefined}
          aria-label={t(coupon.isActive ? 'coupons.actions.deactivate' : 'coupons.actions.activate', {
            title: coupon.title,
          })}
          onClick={() => onChangeStatus(coupon)}
        >
          {coupon.isActive ? t('common.actions.deactivate') : t('common.actions.activate')}
        </Button>
      ),
    });
  }

  return <DataTable {...table} columns={columns} rowKey={(coupon) => coupon.id} />;
}
