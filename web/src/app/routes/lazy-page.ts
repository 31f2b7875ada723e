import { lazy, type ComponentType } from 'react';

/** A route's code could not be downloaded: after a deploy the old hashed chunk is gone, or the network dropped. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export interface LazyPage {
  /** The page, rendered once its chunk is in (the routes' Suspense shows the loading screen until then). */
  Page: ComponentType;
  /** Starts the download; the router calls it for every route a location matches, so a layout and its page download side by side. */
  preload: () => Promise<unknown>;
}

/**
 * A page fetched when a location first matches its route, so each page's code (and recharts, for
 * the pages with charts) stays out of the first download. A failed download is a `ChunkLoadError`,
 * which the routes' error boundary shows with Reload Page.
 */
export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (Component) => ({ default: Component }),
      (cause: unknown) => {
        throw new ChunkLoadError('This page could not be downloaded', { cause });
      },
    ));
  return { Page: lazy(preload), preload };
};
