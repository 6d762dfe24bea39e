import { mailMessageDtoSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailKeys } from './mail-keys';

export function resendMailMessage(id: number) {
  return api.post(`/identity/mail/messages/${id}/resend`, { schema: mailMessageDtoSchema });
}

/** The list reloads: the message is queued again and its status moves on. */
export function useResendMailMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMailMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
