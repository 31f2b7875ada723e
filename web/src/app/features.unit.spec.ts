import { describe, expect, it } from 'vitest';
import type { Screen } from '../lib/screens/feature-screens.ts';
import { inNavigationOrder, navScreens, screens } from './features.ts';

const screen = (path: string, order?: number): Screen => ({
  path,
  access: 'signed-in',
  page: () => Promise.resolve(() => null),
  ...(order === undefined ? {} : { nav: { label: path, order } }),
});

describe('the features’ screens', () => {
  it('give the main navigation in each entry’s declared order, whatever order the features are listed in', () => {
    // The entries users know stay in their order; one a new feature adds takes the place its order gives it.
    const known = ['Dashboard', 'Goals', 'Actionables', 'Habits', 'Leaderboard', 'Points audit', 'Settings', 'Profile'];
    expect(navScreens.map((entry) => entry.nav.label).filter((label) => known.includes(label))).toEqual(known);
    expect(inNavigationOrder([screen('/b', 20), screen('/x'), screen('/a', 10)]).map((entry) => entry.path)).toEqual(['/a', '/b']);
  });

  it('refuse two navigation entries with one order', () => {
    expect(() => inNavigationOrder([screen('/a', 10), screen('/b', 10)])).toThrow('/a and /b share navigation order 10');
  });

  it('declare each path once', () => {
    const paths = screens.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
