import { couponDtoSchema, type CreateCouponInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { couponKeys } from './coupon-keys';

export function postCoupon(input: CreateCouponInput) {
  return api.post('/company/coupons', { body: input, schema: couponDtoSchema });
}

/** The form words the outcome itself: a taken code is a field error, not a notification. */
export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
