import { pagedCouponsSchema } from '@ledgerport/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { couponKeys, type CouponsListQuery } from './coupon-keys';

export function getCoupons(query: CouponsListQuery, signal?: AbortSignal) {
  return api.get('/company/coupons', { query, schema: pagedCouponsSchema, signal });
}

export function couponsQueryOptions(query: CouponsListQuery) {
  return queryOptions({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => getCoupons(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(query: CouponsListQuery) {
  return useQuery(couponsQueryOptions(query));
}
