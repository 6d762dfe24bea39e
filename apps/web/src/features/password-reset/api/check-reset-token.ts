import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { passwordResetKeys } from './password-reset-keys';

export function isResetTokenUsable(userId: number, token: string, signal?: AbortSignal) {
  return api.get('/identity/account/is-forgot-password-token-usable', {
    query: { token, userId },
    schema: z.boolean(),
    signal,
  });
}

export function resetTokenUsableQueryOptions(userId: number, token: string) {
  return queryOptions({
    queryKey: passwordResetKeys.tokenUsable(userId, token),
    queryFn: ({ signal }) => isResetTokenUsable(userId, token, signal),
    // Checked once on arrival: the answer only changes by the reset itself or by expiry.
    staleTime: Infinity,
    retry: false,
  });
}

export function useResetTokenUsable(userId: number, token: string) {
  return useQuery(resetTokenUsableQueryOptions(userId, token));
}
