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
