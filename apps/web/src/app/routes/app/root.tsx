import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { isAllowed, toAccessContext } from '@/lib/authorization';
import { isSignedIn, useSession } from '@/lib/session';
import { href, isRouteHandle, routeDefinition } from '../../routes-table';

/**
 * The guard of spec 01 section 2.2 for the signed-in area. It is a component rather than a loader
 * because it must react while the user stays on a page: sign-out here or in another tab, permissions
 * renewed by a token refresh, the account switched. It sits outside the layout's post-login steps on
 * purpose: a client with no current client yet cannot use a business-only screen, so they are sent
 * home at once instead of being kept on a hidden page behind the account chooser.
 */
function RouteAccessGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  if (handle && !isAllowed(toAccessContext(session), routeDefinition(handle.route))) {
    return <Navigate to={href('Dashboard')} replace />;
  }
  return children;
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
