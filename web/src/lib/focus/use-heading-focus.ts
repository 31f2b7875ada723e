import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** What a navigation carries (its `state`) to ask the next screen to take the focus to its heading. */
export const FOCUS_HEADING_STATE = { focusHeading: true } as const;

const asksForHeading = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;

/**
 * The ref of a screen's heading (give it tabIndex -1), focused when the screen arrives: `always`, or when
 * the navigation asked for it (FOCUS_HEADING_STATE). A form that leaves its page (register, the start)
 * takes its button away with it: without this the focus falls back to <body> and a screen reader says nothing.
 */
export const useHeadingFocus = <T extends HTMLElement>({ always = false }: { always?: boolean } = {}) => {
  const ref = useRef<T>(null);
  const location = useLocation();
  const asked = always || asksForHeading(location.state);
  useEffect(() => {
    if (asked) ref.current?.focus({ preventScroll: false });
  }, [asked, location.key]);
  return ref;
};

/** Whether the focus is somewhere a page chose: inside the main region, on something still on the page. */
const focusInside = (main: HTMLElement): boolean => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== main && active.isConnected && main.contains(active);
};

/** The element a location's `#fragment` names, if any (a malformed fragment names none). */
const fragmentOf = (hash: string): string | null => {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
};

/**
 * The signed-in layout's part: after a move to another page (a navigation link, a `g` shortcut),
 * the focus goes to the new page's heading (its <h1>, given tabIndex -1 if it has none) instead of
 * staying on the link that was pressed, so a keyboard or screen-reader user starts on the page.
 * A page that took the focus itself (useHeadingFocus, a form's first field) keeps it; the first
 * page after loading the app is left as the browser has it. A link to a part of a page
 * (`/settings#leaderboard-presence-title`) goes to that part, scrolled to and focused, also on the
 * first page: the router does not scroll to fragments, and the part may render only once its data is in.
 */
export const usePageHeadingFocus = (mainId: string) => {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const fragment = fragmentOf(hash);
    if (first.current) {
      first.current = false;
      if (fragment === null) return undefined;
    }
    const main = document.getElementById(mainId);
    if (!main) return undefined;
    const focusFragment = (id: string): boolean => {
      const part = document.getElementById(id);
      if (!part || !main.contains(part)) return false;
      if (!part.hasAttribute('tabindex')) part.tabIndex = -1;
      part.focus({ preventScroll: true });
      part.scrollIntoView({ block: 'start' });
      return true;
    };
    const focusHeading = (): boolean => {
      if (fragment !== null) return focusFragment(fragment);
      if (focusInside(main)) return true;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusHeading()) return undefined;
    // A page that shows its heading (or the part asked for) a moment later, its own parts still loading: wait for it, briefly.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), 3_000);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, hash, mainId]);
};
