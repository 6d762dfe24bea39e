import { sendInvitationResultSchema, type SendInvitationInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invitationKeys } from './invitation-keys';

/** Answers 200 with a resultType (spec 01 section 4.2); the dialog words each result itself. */
export function postInvitation(input: SendInvitationInput) {
  return api.post('/document/invitations/send', { body: input, schema: sendInvitationResultSchema });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInvitation,
    // The Invitations list shows the new one next time it is looked at.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
