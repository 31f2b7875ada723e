import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import type { NavigationEntry } from '../components/layouts/app-layout.tsx';
import { GuestOnly, RequireAuth, StrangerOnly } from '../lib/auth/route-guards.tsx';
import type { ScreenAccess } from '../lib/screens/feature-screens.ts';
import type { GoShortcut } from './commands/command-bar.tsx';
import { features } from './features.ts';
import { lazyPage } from './routes/lazy-page.ts';
import { RouteFailure } from './routes/route-failure.tsx';
import { RouteLoading } from './routes/route-loading.tsx';

const screens = features.flatMap((feature) => feature.screens);

const routesFor = (access: ScreenAccess): RouteObject[] =>
  screens.filter((screen) => screen.access === access).map((screen) => ({ path: screen.path, lazy: lazyPage(screen.page) }));

/** The main navigation: the signed-in screens that ask for an entry, in the features' order. */
export const navigation: readonly NavigationEntry[] = screens.flatMap((screen) =>
  screen.access === 'signed-in' && screen.navLabel ? [{ to: screen.path, label: screen.navLabel }] : [],
);

/** The `g` shortcuts: the signed-in screens that name a key, in the features' order. */
const goShortcuts: readonly GoShortcut[] = screens.flatMap((screen) =>
  screen.access === 'signed-in' && screen.goKey ? [{ key: screen.goKey, to: screen.path, label: screen.navLabel ?? screen.path }] : [],
);

// Every page is its own chunk (docs/ARCHITECTURE.md, "Web: code-splitting and bundle budget"); the
// guards stay eager so a redirect never waits for a page it will not show.
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteFailure />,
    hydrateFallbackElement: <RouteLoading />,
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
          {
            lazy: lazyPage(() =>
              // Quick add's button and the shortcuts' listener come with the layout, not in every screen's entry.
              Promise.all([import('../components/layouts/app-layout.tsx'), import('./commands/command-bar.tsx')]).then(([{ AppLayout }, { CommandBar }]) => {
                const SignedInLayout = () => <AppLayout navigation={navigation} tools={<CommandBar goShortcuts={goShortcuts} />} />;
                return SignedInLayout;
              }),
            ),
            children: routesFor('signed-in'),
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./routes/not-found.tsx').then((m) => m.NotFoundRoute)) },
    ],
  },
];

export const makeRouter = () => createBrowserRouter(routes);
