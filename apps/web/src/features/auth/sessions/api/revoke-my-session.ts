import type { SessionDto } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { sessionKeys } from './session-keys';

export function revokeMySession(sessionId: string) {
  return api.delete(`/identity/users/me/sessions/${encodeURIComponent(sessionId)}`);
}

/** Revoking the session in use is a logout: the server has ended it, so this browser forgets it too. */
export function useRevokeMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<SessionDto, 'id' | 'current'>) => revokeMySession(session.id),
    onSuccess: (_result, session) => {
      if (session.current) clearSession('logout');
      else void queryClient.invalidateQueries({ queryKey: sessionKeys.mine() });
    },
  });
}
