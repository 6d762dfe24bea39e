import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { AppLayout } from '@/app/layouts/app-layout';
import { twoFactorStatusQueryOptions } from '@/features/two-factor/api/two-factor';
import { isAllowed, isClientUser, toAccessContext } from '@/lib/authorization';
import { queryClient } from '@/lib/query-client';
import { getSession, isSignedIn, useSession } from '@/lib/session';
import { href, isRouteHandle, routeDefinition } from '../../routes-table';

/**
 * The guard of spec 01 section 2.2 for the signed-in area. It is a component rather than a loader
 * because it must react while the user stays on a page: sign-out here or in another tab, permissions
 * renewed by a token refresh, the account switched. A client user who has not chosen an account yet
 * (right after sign-in with a redirect to a business-only screen) keeps the address while the layout
 * asks for the account, and shows nothing of the page meanwhile; the client rule is judged once the
 * account is chosen, and a non-business account is then sent home.
 */
function RouteAccessGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  if (handle) {
    const route = routeDefinition(handle.route);
    const awaitingAccount = isClientUser(session.user) && session.currentClient === null;
    const requirement = awaitingAccount ? { permission: route.permission } : route;
    if (!isAllowed(toAccessContext(session), requirement)) return <Navigate to={href('Dashboard')} replace />;
  }
  return children;
}

/**
 * Called as this module arrives (app/router.tsx), before the area first renders: the two-factor
 * check the layout waits for is then usually answered already (a cold start sent it early, see
 * app/early-requests.ts), so the screen comes with the frame's first paint rather than a render
 * later.
 */
export function prefetchAppRoot(): void {
  if (isSignedIn(getSession())) void queryClient.prefetchQuery(twoFactorStatusQueryOptions());
}

export function AppRoot() {
  const session = useSession();
  const { pathname, search } = useLocation();

  if (!isSignedIn(session)) {
    // "Log out" lands on exactly /login; an expired or missing session comes back here afterwards.
    const to =
      session.endReason === 'logout' ? href('Login') : href('Login', null, { redirect: `${pathname}${search}` });
    return <Navigate to={to} replace />;
  }

  return (
    <RouteAccessGuard>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </RouteAccessGuard>
  );
}
