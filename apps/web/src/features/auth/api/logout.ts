import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export const LOGOUT_PATH = '/authentication/account/logout';

export function logout() {
  return api.post(LOGOUT_PATH);
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    // Signed out here whatever the server says: the user asked to leave, and a server that cannot
    // be reached must not keep them signed in on this device. The guard then shows /login.
    onSettled: () => clearSession('logout'),
  });
}
