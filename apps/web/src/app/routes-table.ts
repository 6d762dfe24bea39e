import { ANY_SIGNED_IN } from '@ledgerport/shared';
import type { ClientRule } from '@/lib/authorization';
import type { TranslationKey } from '@/lib/i18n';

/**
 * The route table of spec 01 section 2.1, in one place: names as the spec gives them, the path
 * pattern, who may open the route and the heading key. The router, the guard, the sidebar and every
 * link are built from it, so a path or a permission is changed here and nowhere else.
 */
type Access =
  /** Inside the app layout; needs a session and `permission`. */
  | 'app'
  /** The login page: a signed-in user is sent to /. */
  | 'guest'
  /** Open to anyone, signed in or not. */
  | 'public';

export interface RouteDefinition {
  path: string;
  access: Access;
  /** Permission requirement (see `hasPermission`); `*` means any signed-in user. */
  permission?: string;
  clientRule?: ClientRule;
  /** Catalogue key of the screen heading (its menu label where it has one). */
  titleKey: TranslationKey;
}

export const ROUTES = {
  Dashboard: { path: '/', access: 'app', permission: ANY_SIGNED_IN, titleKey: 'nav.home' },
  /** Everything waiting on a client user (request items, announcements, the 1099 fee, onboarding). */
  ToDo: { path: '/to-do', access: 'app', permission: ANY_SIGNED_IN, titleKey: 'nav.toDo' },
  /** Query: the list's filters (clientId, serviceId, status, dueFrom, dueTo, overdue, createdByUserId, search). */
  Requests: { path: '/requests', access: 'app', permission: 'request:list', titleKey: 'nav.requests' },
  /** Staff review it; a client user responds to it. */
  Request: { path: '/requests/:id', access: 'app', permission: 'request:list', titleKey: 'pages.request' },
  /**
   * Secure messages (issue 23): staff's inbox across their clients, a client user's for the current
   * client. Query: assigned (me, unassigned), unread, clientId, clientName, status, q (a search).
   */
  Messages: { path: '/messages', access: 'app', permission: 'message:list', titleKey: 'nav.messages' },
  /** One conversation; `#message-{id}` scrolls to that message (a search result). */
  Conversation: { path: '/messages/:id', access: 'app', permission: 'message:list', titleKey: 'pages.conversation' },
  RequestTemplates: {
    path: '/request-templates',
    access: 'app',
    permission: 'request-template:list',
    titleKey: 'nav.requestTemplates',
  },
  RequestSchedules: {
    path: '/request-schedules',
    access: 'app',
    permission: 'request-schedule:list',
    titleKey: 'nav.requestSchedules',
  },
  Profile: { path: '/profile', access: 'app', permission: ANY_SIGNED_IN, titleKey: 'pages.profile' },
  Roles: { path: '/roles', access: 'app', permission: 'role:list', titleKey: 'nav.roles' },
  Users: { path: '/users', access: 'app', permission: 'user:list', titleKey: 'nav.users' },
  Tags: { path: '/tags', access: 'app', permission: 'tag:list', titleKey: 'nav.tags' },
  Services: { path: '/services', access: 'app', permission: 'service:list', titleKey: 'nav.services' },
  Clients: { path: '/clients', access: 'app', permission: 'client:list', titleKey: 'nav.clients' },
  EditClient: {
    path: '/clients/:clientType/:id/edit',
    access: 'app',
    permission: 'client:edit',
    titleKey: 'pages.editClient',
  },
  Invitations: { path: '/invitations', access: 'app', permission: 'invitation:list', titleKey: 'nav.invitations' },
  Leads: { path: '/leads', access: 'app', permission: 'lead:list', titleKey: 'nav.leads' },
  LeadDetails: { path: '/leads/:id/details', access: 'app', permission: 'lead:list', titleKey: 'pages.leadDetails' },
  Accounts: { path: '/accounts', access: 'app', permission: 'account:list', titleKey: 'pages.accounts' },
  /** Query: serviceId, tagId (repeated). */
  ReceivedDocs: { path: '/received-docs', access: 'app', permission: 'received:list', titleKey: 'nav.receivedDocs' },
  MyUploads: { path: '/my-uploads', access: 'app', permission: 'my-upload:list', titleKey: 'nav.myUploads' },
  /** One document: where a share e-mail to a portal user leads (after sign-in). */
  Document: {
    path: '/documents/:id',
    access: 'app',
    permission: 'my-upload:list|received:list',
    titleKey: 'pages.document',
  },
  Bookkeeping: { path: '/bookkeeping', access: 'app', permission: 'bookkeeping:list', titleKey: 'nav.bookkeeping' },
  Companies: { path: '/companies', access: 'app', permission: 'company:list', titleKey: 'nav.companies' },
  CompanyDetails: {
    path: '/companies/:id/details',
    access: 'app',
    permission: 'company:view',
    titleKey: 'pages.companyDetails',
  },
  Contractors: {
    path: '/1099-form',
    access: 'app',
    permission: 'contractor:list',
    clientRule: 'businessClient',
    titleKey: 'nav.contractors',
  },
  Announcements: {
    path: '/announcements',
    access: 'app',
    permission: 'announcement:list',
    titleKey: 'nav.announcements',
  },
  Reconciliations: {
    path: '/reconciliations',
    access: 'app',
    permission: 'reconciliation:list',
    clientRule: 'bookkeepingClient',
    titleKey: 'nav.reconciliations',
  },
  /** A client's bookkeeping year, month by month with its status (issue 24 item 3). Query: year. */
  MyBookkeeping: {
    path: '/my-bookkeeping',
    access: 'app',
    permission: 'bookkeeping:status',
    clientRule: 'usesBookkeeping',
    titleKey: 'nav.bookkeeping',
  },
  /** The firm-wide list of linked banks needing a client to reconnect (issue 24 item 2). */
  BankConnections: {
    path: '/reconciliations/connections',
    access: 'app',
    permission: 'reconciliation:list',
    titleKey: 'pages.bankConnections',
  },
  /** Query: clientId (staff only). */
  ReconciliationTransactions: {
    path: '/reconciliations/:institutionAccountId/transactions',
    access: 'app',
    permission: 'reconciliation:transaction:list',
    clientRule: 'bookkeepingClient',
    titleKey: 'pages.transactions',
  },
  Coupons: { path: '/coupons', access: 'app', permission: 'coupon:list', titleKey: 'nav.coupons' },
  AuditLog: { path: '/audit-log', access: 'app', permission: 'audit:list', titleKey: 'nav.auditLog' },
  Mail: { path: '/mail', access: 'app', permission: 'mail:list', titleKey: 'nav.mail' },
  Settings: { path: '/settings', access: 'app', permission: 'setting:edit', titleKey: 'nav.settings' },

  /** Query: redirect (a same-origin path). */
  Login: { path: '/login', access: 'guest', titleKey: 'auth.login.title' },
  /** Query: token. */
  Register: { path: '/register', access: 'public', titleKey: 'pages.register' },
  /** Query: isUsableToken=false shows the expired-link banner. */
  ResetPassword: { path: '/reset-password', access: 'public', titleKey: 'pages.resetPassword' },
  /** Where a new password is chosen after following the e-mailed link. Query: token, userId. */
  ForgotPassword: { path: '/forgot-password', access: 'public', titleKey: 'pages.forgotPassword' },
  CompanyFormationResident: {
    path: '/company-formation/resident',
    access: 'public',
    titleKey: 'pages.companyFormationResident',
  },
  CompanyFormationNonResident: {
    path: '/company-formation/non-resident',
    access: 'public',
    titleKey: 'pages.companyFormationNonResident',
  },
  StartCustomerOnboarding: { path: '/customer-onboarding', access: 'public', titleKey: 'pages.customerOnboarding' },
  ContinueCustomerOnboarding: {
    path: '/customer-onboarding/:idHash',
    access: 'public',
    titleKey: 'pages.customerOnboarding',
  },
  TaxPlanning: { path: '/tax-planning', access: 'public', titleKey: 'pages.taxPlanning' },
  /** A share link for someone without a portal account (DESIGN.md section 6). */
  SharedDocument: { path: '/shared-documents/:token', access: 'public', titleKey: 'pages.sharedDocument' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

/** An entry in its declared shape, for code that handles any route (guard, sidebar). */
export function routeDefinition(name: RouteName): RouteDefinition {
  return ROUTES[name];
}
type PathOf<N extends RouteName> = (typeof ROUTES)[N]['path'];

/** `'/leads/:id/details'` → `'id'`. */
type PathParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

type ParamValue = string | number;
type QueryValue = string | number | boolean | null | undefined;
export type RouteQuery = Record<string, QueryValue | readonly QueryValue[]>;

type HrefArgs<N extends RouteName> = [PathParams<PathOf<N>>] extends [never]
  ? [params?: Record<string, never> | null, query?: RouteQuery]
  : [params: Record<PathParams<PathOf<N>>, ParamValue>, query?: RouteQuery];

/**
 * The URL of a named route: `href('LeadDetails', { id: 7 })`, `href('ReceivedDocs', null,
 * { serviceId: 1, tagId: [2, 3] })`. Path parameters are required by type and encoded.
 */
export function href<N extends RouteName>(name: N, ...[params, query]: HrefArgs<N>): string {
  const values = (params ?? {}) as Record<string, ParamValue>;
  const path = ROUTES[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`href(${name}): missing parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const items: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of items) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** Attached to each router entry as `handle`, so the guard and the screens know which route matched. */
export interface RouteHandle {
  route: RouteName;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value && (value as RouteHandle).route in ROUTES;
}
