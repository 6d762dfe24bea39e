import type { CouponDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CouponsTable } from './coupons-table';

const coupon = (overrides: Partial<CouponDto>): CouponDto => ({
  id: 1,
  version: '7',
  title: 'Spring',
  code: 'SPRING',
  discountType: 1,
  discountValue: 10,
  expirationDate: '2031-03-05T12:00:00.000Z',
  creationTime: '2030-12-24T12:00:00.000Z',
  isActive: true,
  ...overrides,
});

function renderTable(rows: CouponDto[], onChangeStatus?: (coupon: CouponDto) => void) {
  renderWithProviders(
    <CouponsTable
      label="Coupons"
      rows={rows}
      totalCount={rows.length}
      page={1}
      pageSize={10}
      onPageChange={vi.fn()}
      onPageSizeChange={vi.fn()}
      isLoading={false}
      isError={false}
      isFiltered={false}
      onChangeStatus={onChangeStatus}
    />,
  );
}

describe('CouponsTable', () => {
  it('prefixes percentage with % and fixed with $, with the dates as MMM D, YYYY and the status dot', () => {
    renderTable([
      coupon({ id: 1 }),
      coupon({ id: 2, title: 'Winter', code: 'WINTER', discountType: 2, discountValue: 25.5, isActive: false }),
    ]);
    const [, spring, winter] = screen.getAllByRole('row');
    expect(within(spring!).getByText('%10')).toBeTruthy();
    expect(within(spring!).getByRole('img', { name: 'Active' })).toBeTruthy();
    expect(within(spring!).getByText('Mar 5, 2031')).toBeTruthy();
    expect(within(spring!).getByText('Dec 24, 2030')).toBeTruthy();
    expect(within(winter!).getByText('$25.50')).toBeTruthy();
    expect(within(winter!).getByRole('img', { name: 'Inactive' })).toBeTruthy();
  });

  it('offers the action that fits the state, and none without the permission', async () => {
    const onChangeStatus = vi.fn();
    renderTable([coupon({ id: 1 }), coupon({ id: 2, title: 'Winter', isActive: false })], onChangeStatus);
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate coupon Spring' }));
    expect(onChangeStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(screen.getByRole('button', { name: 'Activate coupon Winter' })).toBeTruthy();
  });

  it('hides the action column without coupon:change-status', () => {
    renderTable([coupon({})]);
    expect(screen.queryByRole('button', { name: /coupon Spring/ })).toBeNull();
  });
});
