import type { ApiFeature } from './feature.ts';
import * as listed from './feature-list.ts';

/**
 * Every feature of the API (feature-list.ts, one line each): the app mounts their routes, the runner
 * runs their reactors. In the list's name order: no request could match routes of two features
 * (features.unit.spec.ts), so the order they are mounted in decides nothing; within a feature, its
 * own list's order stands (a literal segment before a parameter it would also match).
 */
// Each feature's services type is its own; the list is used through ApiFeature's common shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const apiFeatures: readonly ApiFeature<any>[] = Object.values(listed);

/** The projectors some route waits for (read-your-writes): they run in one pass, the rest in another. */
export const projectorsWaitedOn = (): ReadonlySet<string> => new Set(apiFeatures.flatMap((feature) => feature.routes.flatMap((route) => route.settles ?? [])));
