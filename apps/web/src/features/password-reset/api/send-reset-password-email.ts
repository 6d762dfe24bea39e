import { sendResetPasswordEmailResultSchema, type SendResetPasswordEmailInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Answers a result type (spec 01 section 4.2), not an error, for unknown and deactivated addresses. */
export function sendResetPasswordEmail(input: SendResetPasswordEmailInput) {
  return api.post('/identity/account/send-reset-password-email', {
    body: input,
    schema: sendResetPasswordEmailResultSchema,
  });
}

export function useSendResetPasswordEmail() {
  return useMutation({ mutationFn: sendResetPasswordEmail });
}
