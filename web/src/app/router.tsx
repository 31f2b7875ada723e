import { Suspense } from 'react';
import { BrowserRouter, matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { NavigationEntry } from '../components/layouts/app-layout.tsx';
import { GuestOnly, RequireAuth, StrangerOnly } from '../lib/auth/route-guards.tsx';
import type { ScreenAccess } from '../lib/screens/feature-screens.ts';
import type { GoShortcut } from './commands/command-bar.tsx';
import { navScreens, screens } from './features.ts';
import { lazyPage, type LazyPage } from './routes/lazy-page.ts';
import { RouteErrorBoundary } from './routes/route-failure.tsx';
import { RouteLoading } from './routes/route-loading.tsx';

/** A route whose element is a lazily loaded page; `handle` lets the router start its download as soon as a location matches. */
const lazyRoute = (load: Parameters<typeof lazyPage>[0], route: RouteObject = {}): RouteObject => {
  const { Page, preload } = lazyPage(load);
  return { ...route, element: <Page />, handle: { preload } };
};

const routesFor = (access: ScreenAccess): RouteObject[] =>
  screens.filter((screen) => screen.access === access).map((screen) => lazyRoute(screen.page, { path: screen.path }));

/** The main navigation: the signed-in screens that ask for an entry, in their navigation order. */
export const navigation: readonly NavigationEntry[] = navScreens.flatMap((screen) =>
  screen.access === 'signed-in' ? [{ to: screen.path, label: screen.nav.label }] : [],
);

/** The `g` shortcuts: the signed-in screens that name a key, those in the navigation first and in its order. */
const goShortcuts: readonly GoShortcut[] = [...navScreens, ...screens.filter((screen) => !screen.nav)].flatMap((screen) =>
  screen.access === 'signed-in' && screen.goKey ? [{ key: screen.goKey, to: screen.path, label: screen.nav?.label ?? screen.path }] : [],
);

// Every page is its own chunk (docs/ARCHITECTURE.md, "Web: code-splitting and bundle budget"); the
// guards stay eager so a redirect never waits for a page it will not show.
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      {
        element: (
          <StrangerOnly>
            <Outlet />
          </StrangerOnly>
        ),
        children: routesFor('stranger'),
      },
      {
        element: (
          <GuestOnly>
            <Outlet />
          </GuestOnly>
        ),
        children: routesFor('guest'),
      },
      ...routesFor('public'),
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          lazyRoute(
            () =>
              // Quick add's button and the shortcuts' listener come with the layout, not in every screen's entry.
              Promise.all([import('../components/layouts/app-layout.tsx'), import('./commands/command-bar.tsx')]).then(([{ AppLayout }, { CommandBar }]) => {
                const SignedInLayout = () => <AppLayout navigation={navigation} tools={<CommandBar goShortcuts={goShortcuts} />} />;
                return SignedInLayout;
              }),
            { children: routesFor('signed-in') },
          ),
        ],
      },
      lazyRoute(() => import('./routes/not-found.tsx').then((m) => m.NotFoundRoute), { path: '*' }),
    ],
  },
];

const preloadOf = (route: RouteObject): LazyPage['preload'] | undefined => (route.handle as { preload?: LazyPage['preload'] } | undefined)?.preload;

/**
 * The routes for the current location. Every page (and the signed-in layout) the location matches
 * starts downloading at once, side by side; until they are in, the first screen shows the loading
 * screen. Navigations are transitions (BrowserRouter's default), so a later one keeps the current
 * page on screen until the next one's code is in. An error while rendering, or a page whose code did
 * not arrive, shows the error screen until the user goes elsewhere.
 */
const AppRoutes = () => {
  const location = useLocation();
  // A rejected download is shown by the page's own render (its ChunkLoadError), not here.
  for (const match of matchRoutes(routes, location) ?? []) preloadOf(match.route)?.().catch(() => undefined);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary location={location.key}>
      <Suspense fallback={<RouteLoading />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
};

export const AppRouter = () => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
);
