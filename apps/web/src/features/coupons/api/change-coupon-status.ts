import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { couponKeys } from './coupon-keys';

/** `version` is the list row's: a change over a newer one is refused (412) and changes nothing. */
export function changeCouponStatus({ id, isActive, version }: { id: number; isActive: boolean; version?: string }) {
  return api.patch(`/company/coupons/${id}/${isActive ? 'activate' : 'deactivate'}`, { ifMatch: version });
}

/**
 * Spec 02 section 4: the list reloads after a status change, and after a refusal too (someone else
 * changed the coupon meanwhile), so the person sees its current state.
 */
export function useChangeCouponStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCouponStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
