import type { ComponentType } from 'react';

/** A route's code could not be downloaded: after a deploy the old hashed chunk is gone, or the network dropped. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/**
 * A react-router `lazy` for a page: fetched when a navigation first matches the route, so each
 * page's code (and recharts, for the pages with charts) stays out of the first download.
 */
export const lazyPage = (load: () => Promise<ComponentType>) => async (): Promise<{ Component: ComponentType }> => {
  let Component: ComponentType;
  try {
    Component = await load();
  } catch (cause) {
    throw new ChunkLoadError('This page could not be downloaded', { cause });
  }
  return { Component };
};
