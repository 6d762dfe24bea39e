import type { ListCouponsQuery } from '@ledgerport/shared';

export type CouponsListQuery = Partial<ListCouponsQuery>;

/** Every coupon query starts with `couponKeys.all`, so one invalidation refreshes the screen after any change. */
export const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'list'] as const,
  list: (query: CouponsListQuery) => [...couponKeys.lists(), query] as const,
};
