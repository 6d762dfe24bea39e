import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { couponKeys } from './coupon-keys';

export function changeCouponStatus({ id, isActive }: { id: number; isActive: boolean }) {
  return api.patch(`/company/coupons/${id}/${isActive ? 'activate' : 'deactivate'}`);
}

/** Spec 02 section 4: the list reloads after a status change. */
export function useChangeCouponStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCouponStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
