import { hasPermission } from '@ledgerport/shared';
// Key modules, not the requests: this module is part of the first script, which has no schemas.
import { DOCUMENT_COUNTS_PATH } from '@/features/home/api/home-keys';
import { CONVERSATIONS_PATH, UNREAD_CONVERSATIONS_QUERY } from '@/features/messages/api/message-keys';
import { NOTIFICATIONS_PATH, UNREAD_COUNT_QUERY } from '@/features/notifications/api/notification-keys';
import { ME_PATH } from '@/features/profile/api/profile-keys';
import { CONNECTIONS_NEEDING_ACTION_PATH } from '@/features/reconciliation/api/reconciliation-keys';
import { TWO_FACTOR_STATUS_PATH } from '@/features/two-factor/api/two-factor-keys';
import { api } from '@/lib/api-client';
import { isAllowed, isClientUser, toAccessContext } from '@/lib/authorization';
import { activeServicesRequest } from '@/lib/reference-data/reference-keys';
import { getSession, isSignedIn, type Session } from '@/lib/session';
import { ROUTES } from './routes-table';

/** The services Home lists for staff, with their icons. */
export const HOME_SERVICES_SCOPE = { clientId: null, icons: true } as const;

/**
 * What Home asks for first, for staff; nothing for a client user, whose lists depend on the account
 * chosen in the layout. The dashboard's loader prefetches these and a cold start sends them early.
 */
export function homeRequests(session: Session) {
  if (!isSignedIn(session) || isClientUser(session.user)) return null;
  const can = (permission: string) => hasPermission(session.permissions, permission);
  return {
    services: true,
    counts: can('received:list') || can('my-upload:list'),
    connections: can('reconciliation:list'),
  };
}

/**
 * The signed-in area's loader (app/router.tsx), which runs beside the download of the area's code:
 * the first time the area is entered in this page (a load of one of its addresses, or the way in
 * after signing in), the layout's two-factor check (the screen waits for it), what the frame shows on
 * every screen (the user menu's profile, the bell's count, the sidebar's unread conversations) and,
 * on Home, Home's lists go out now instead of once that code has arrived and rendered (issue 25 item
 * 5). The queries that follow take these answers (`api.startEarly`). Later navigations have the code
 * already. The two counts are background requests, as the queries that read them are.
 */
export function earlyRequestsLoader() {
  let coldStart = true;
  return ({ request }: { request: Request }): null => {
    if (!coldStart) return null;
    coldStart = false;
    const session = getSession();
    if (!isSignedIn(session)) return null;
    api.startEarly(TWO_FACTOR_STATUS_PATH);
    api.startEarly(ME_PATH);
    api.startEarly(NOTIFICATIONS_PATH, UNREAD_COUNT_QUERY, { background: true });
    // A client user's conversations are the current account's: none until one is chosen.
    const accountChosen = !isClientUser(session.user) || session.currentClient !== null;
    if (accountChosen && isAllowed(toAccessContext(session), ROUTES.Messages)) {
      api.startEarly(CONVERSATIONS_PATH, UNREAD_CONVERSATIONS_QUERY, { background: true });
    }
    const home = new URL(request.url).pathname === ROUTES.Dashboard.path ? homeRequests(session) : null;
    if (home?.services) {
      const { path, query } = activeServicesRequest(HOME_SERVICES_SCOPE);
      api.startEarly(path, query);
    }
    if (home?.counts) api.startEarly(DOCUMENT_COUNTS_PATH);
    if (home?.connections) api.startEarly(CONNECTIONS_NEEDING_ACTION_PATH);
    return null;
  };
}
