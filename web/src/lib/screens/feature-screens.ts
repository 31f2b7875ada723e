import type { ComponentType } from 'react';

/**
 * Who may open a screen: `guest` only signed out (signing in leaves it), `stranger` only signed out
 * as it opens (the public page at /: a signed-in visitor goes to the dashboard, always), `public`
 * anyone, `signed-in` only signed in, inside the app's layout with its navigation.
 */
export type ScreenAccess = 'guest' | 'stranger' | 'public' | 'signed-in';

/** One screen of a feature: the router and the main navigation are derived from these. */
export interface Screen {
  path: string;
  access: ScreenAccess;
  /** The page component, loaded from a chunk of its own when a navigation first matches. */
  page: () => Promise<ComponentType>;
  /**
   * Its entry in the main navigation, if it has one (signed-in screens only): the label, and where it
   * stands among the entries (smaller first; two entries with one order fail app/features.ts).
   */
  nav?: { label: string; order: number };
  /** Its go-to shortcut's second key: `g` then this key opens it (listed in the `?` sheet). */
  goKey?: string;
}

/** What a feature declares in `features/<feature>/<feature>.screens.ts`; app/feature-list.ts lists them, one line each. */
export interface FeatureScreens {
  screens: readonly Screen[];
}
