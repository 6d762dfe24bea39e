import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { NOTIFICATION_DURATION_MS } from '@ledgerport/shared';
import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { dropEarlyRequests, setSessionExpiredHandler } from '@/lib/api-client';
import { colorSchemeManager } from '@/lib/color-scheme';
import { queryClient } from '@/lib/query-client';
import { isNotificationContainerWanted, subscribeNotificationContainer } from '@/lib/notify';
import { getSession, subscribeSession } from '@/lib/session';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { href } from './routes-table';

/*
 * The notification container (transitions, portal, scroll lock) is not needed until there is a message
 * to show, so it is mounted, and its code loaded, with the first one (lib/notify.ts). `notify` writes to
 * a store of its own, so the first message waits there and appears with the container.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Wires the pieces of lib that must not know about each other or about the router. */
function useSessionLifecycle() {
  useEffect(() => {
    // A full navigation, not a router one: it also drops every piece of state the old session left.
    setSessionExpiredHandler(() => window.location.assign(href('Login')));

    let signedIn = getSession().accessToken !== null;
    const unsubscribe = subscribeSession(() => {
      const nowSignedIn = getSession().accessToken !== null;
      // Cached answers belong to the user who fetched them; the next user must not see them.
      if (signedIn && !nowSignedIn) {
        queryClient.clear();
        dropEarlyRequests();
      }
      signedIn = nowSignedIn;
    });
    return () => {
      setSessionExpiredHandler(null);
      unsubscribe();
    };
  }, []);
}

export function AppProvider({ children }: { children: ReactNode }) {
  useSessionLifecycle();
  const notificationsShown = useSyncExternalStore(subscribeNotificationContainer, isNotificationContainerWanted);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {notificationsShown && (
        <Suspense fallback={null}>
          <Notifications position="bottom-right" autoClose={NOTIFICATION_DURATION_MS} />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
