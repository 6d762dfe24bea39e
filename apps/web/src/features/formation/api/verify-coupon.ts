import { verifyCouponResponseSchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** `GET company/coupons/{code}/verify`: the coupon when it can be applied now, or why not. */
export function verifyCoupon(code: string) {
  return api.get(`/company/coupons/${encodeURIComponent(code)}/verify`, { schema: verifyCouponResponseSchema });
}
