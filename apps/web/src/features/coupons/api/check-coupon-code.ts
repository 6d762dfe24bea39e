import { couponAvailabilitySchema } from '@ledgerport/shared';
import { api } from '@/lib/api-client';

/** `true` when no coupon has this code, in any case. */
export function checkCouponCodeAvailability(code: string) {
  return api.get(`/company/coupons/code/${encodeURIComponent(code)}/is-available`, {
    schema: couponAvailabilitySchema,
  });
}
