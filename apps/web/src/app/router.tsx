import { createBrowserRouter, Navigate, redirect, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { loadAllTexts, loadFrameTexts } from '@/lib/i18n';
import { getSession, isSignedIn } from '@/lib/session';
import { earlyRequestsLoader } from './early-requests';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { ROUTES, type RouteHandle, type RouteName } from './routes-table';
import { SCREENS } from './screens';

/*
 * Every screen and layout is loaded on demand, so /login downloads only the login form and not the
 * signed-in shell (DESIGN.md section 10: initial JavaScript for /login under 200 kB gzipped).
 */
type Lazy = NonNullable<RouteObject['lazy']>;
type LazyFunction = Extract<Lazy, (...args: never[]) => unknown>;

/**
 * A task boundary. Asking for a screen's code appends a preload link for each of its chunks (about
 * twenty for the signed-in area), tens of milliseconds on a phone: in a task of its own, not in the
 * one that creates the router and sends the first requests (issue 25 item 5).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A screen or layout other than /login's: its code and its texts load side by side (lib/i18n.ts), so
 * it never renders a raw key. The signed-in area's layout and Home need only the frame's texts.
 */
function withTexts(lazy: LazyFunction, texts: () => Promise<void> = loadAllTexts): LazyFunction {
  return (...args) =>
    nextTask()
      .then(() => Promise.all([texts(), lazy(...args)]))
      .then(([, loaded]) => loaded);
}

const comingSoon: LazyFunction = () => import('./routes/coming-soon').then((m) => ({ Component: m.ComingSoonRoute }));

function route(
  name: RouteName,
  lazy: LazyFunction = (SCREENS[name] as LazyFunction | undefined) ?? comingSoon,
): RouteObject {
  const handle: RouteHandle = { route: name };
  return { path: ROUTES[name].path, handle, lazy: name === 'Login' ? lazy : withTexts(lazy) };
}

const routeNames = Object.keys(ROUTES) as RouteName[];
const byAccess = (access: 'app' | 'public') =>
  routeNames.filter((name) => ROUTES[name].access === access && name !== 'Dashboard');

/** Public pages that share the login card rather than the prospects' page frame. */
const LOGIN_CARD_PAGES: readonly RouteName[] = ['Register', 'ResetPassword', 'ForgotPassword'];

const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        lazy: () => import('@/app/layouts/login-layout').then((m) => ({ Component: m.LoginLayout })),
        children: [
          {
            ...route('Login', () => import('./routes/auth/login').then((m) => ({ Component: m.LoginRoute }))),
            // A loader, not a component guard: it runs once on arrival, so it cannot race the
            // navigation that follows a successful sign-in.
            loader: () => (isSignedIn(getSession()) ? redirect(ROUTES.Dashboard.path) : null),
          },
          ...LOGIN_CARD_PAGES.map((name) => route(name)),
        ],
      },
      {
        lazy: withTexts(() => import('@/app/layouts/public-layout').then((m) => ({ Component: m.PublicLayout }))),
        children: byAccess('public')
          .filter((name) => !LOGIN_CARD_PAGES.includes(name))
          .map((name) => route(name)),
      },
      {
        path: ROUTES.Dashboard.path,
        lazy: withTexts(
          () =>
            import('./routes/app/root').then((m) => {
              m.prefetchAppRoot();
              return { Component: m.AppRoot };
            }),
          loadFrameTexts,
        ),
        // Static, so that it runs while `lazy` downloads the area's code.
        loader: earlyRequestsLoader(),
        children: [
          {
            index: true,
            handle: { route: 'Dashboard' } satisfies RouteHandle,
            lazy: withTexts(
              () =>
                import('./routes/app/dashboard').then((m) => ({
                  Component: m.DashboardRoute,
                  loader: m.prefetchDashboard,
                })),
              loadFrameTexts,
            ),
          },
          ...byAccess('app').map((name) => route(name)),
        ],
      },
      // Spec 01 section 2.2: an unknown path goes to /.
      { path: '*', element: <Navigate to={ROUTES.Dashboard.path} replace /> },
    ],
  },
];

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * Created by main.tsx in a task of its own, not when this module is evaluated: creating the router
 * matches the address and starts its loaders and its screens' code (requests, preload links), work
 * that would otherwise lengthen the task evaluating the app's code (issue 25 item 5).
 */
export function createAppRouter(): AppRouterInstance {
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
