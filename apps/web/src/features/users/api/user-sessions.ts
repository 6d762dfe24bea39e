import { sessionDtoSchema } from '@ledgerport/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userKeys } from './user-keys';

export function getUserSessions(id: number, signal?: AbortSignal) {
  return api.get(`/identity/users/${id}/sessions`, { schema: z.array(sessionDtoSchema), signal });
}

/** Another user's sessions: always fetched fresh, since they change while nobody here looks. */
export function useUserSessions(id: number | null) {
  return useQuery({
    queryKey: userKeys.sessions(id ?? 0),
    queryFn: ({ signal }) => getUserSessions(id ?? 0, signal),
    enabled: id !== null,
    gcTime: 0,
  });
}

export function revokeAllUserSessions(id: number) {
  return api.delete(`/identity/users/${id}/sessions`);
}

export function useRevokeAllUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAllUserSessions,
    onSuccess: (_result, id) => void queryClient.invalidateQueries({ queryKey: userKeys.sessions(id) }),
  });
}

export function revokeUserSession({ userId, sessionId }: { userId: number; sessionId: string }) {
  return api.delete(`/identity/users/${userId}/sessions/${encodeURIComponent(sessionId)}`);
}

export function useRevokeUserSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserSession,
    // Also after a failure: a 404 means the session ended meanwhile, and the fresh list drops it.
    onSettled: (_result, _error, { userId }) =>
      void queryClient.invalidateQueries({ queryKey: userKeys.sessions(userId) }),
  });
}
