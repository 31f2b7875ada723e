import { DateTime } from 'luxon';
import type { TestApp } from './test-app.ts';

/**
 * The app's clock as a spec drives it: read in any zone, and moved forward to an instant (only
 * forward: the app's clock never goes back).
 */
export const forwardClock = (app: TestApp) => {
  let offset = 0;
  const now = (zone: string): DateTime => DateTime.fromMillis(Date.now() + offset, { zone });
  const moveTo = (target: DateTime): void => {
    const ms = target.toMillis() - (Date.now() + offset);
    if (ms < 0) throw new Error(`the clock only moves forward (${target.toISO()})`);
    offset += ms;
    app.advanceClock(ms);
  };
  return { now, moveTo };
};
