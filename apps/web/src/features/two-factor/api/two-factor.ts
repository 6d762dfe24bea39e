import {
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  type TwoFactorDisableInput,
} from '@ledgerport/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TWO_FACTOR_STATUS_PATH, twoFactorKeys } from './two-factor-keys';

export { twoFactorKeys };

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => api.get(TWO_FACTOR_STATUS_PATH, { schema: twoFactorStatusSchema, signal }),
  });
}

export function useTwoFactorStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQueryOptions(), enabled: options.enabled ?? true });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => api.post('/identity/two-factor/enrolment', { schema: twoFactorEnrolmentSchema }),
  });
}

/** Turning it on changes what the rest of the app may call: every query is stale afterwards. */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/identity/two-factor/enrolment/confirm', { body: { code }, schema: recoveryCodesSchema }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) => api.post('/identity/two-factor/disable', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}
