import type { FeatureScreens, Screen } from '../lib/screens/feature-screens.ts';
import * as listed from './feature-list.ts';

/**
 * Every feature's screens (feature-list.ts, one line each), in the list's name order: the router
 * ranks paths by themselves, so that order decides nothing there.
 */
export const features: readonly FeatureScreens[] = Object.values(listed);

export const screens: readonly Screen[] = features.flatMap((feature) => feature.screens);

type NavScreen = Screen & { nav: NonNullable<Screen['nav']> };

/** The screens with an entry in the main navigation, in their `nav.order`; two entries with one order are a mistake and throw. */
export const inNavigationOrder = (all: readonly Screen[]): NavScreen[] =>
  all
    .filter((screen): screen is NavScreen => screen.nav !== undefined)
    .sort((a, b) => a.nav.order - b.nav.order)
    .map((screen, i, sorted) => {
      const before = sorted[i - 1];
      if (before?.nav.order === screen.nav.order) throw new Error(`${before.path} and ${screen.path} share navigation order ${screen.nav.order}`);
      return screen;
    });

/** The main navigation's screens: a clash of orders fails here, as the app loads. */
export const navScreens: readonly NavScreen[] = inNavigationOrder(screens);
