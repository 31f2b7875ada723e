import * as listed from './feature-list.ts';

/**
 * Every feature of the log (feature-list.ts, one line each): the event catalogue (`events.ts`) and the
 * stream categories (`streams.ts`) are derived from these. In the list's name order: nothing reads the
 * catalogue by position (events are told apart by `type`, categories by name).
 */
export const contractFeatures: ReadonlyArray<(typeof listed)[keyof typeof listed]> = Object.values(listed);
