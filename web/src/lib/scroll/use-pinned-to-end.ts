import { useLayoutEffect, useRef } from 'react';

/**
 * A box that scrolls sideways and starts scrolled to its end, then stays there when it changes width
 * (a phone turned, a window resized) unless the user scrolled away: a calendar's latest weeks matter
 * most on a narrow screen. Put the ref on the scrolling box; `columns` (its count of columns) pins it
 * again when the content changes.
 */
export const usePinnedToEnd = <T extends HTMLElement>(columns: number) => {
  const scroller = useRef<T>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let atEnd = true;
    const toEnd = () => void (element.scrollLeft = element.scrollWidth);
    const onScroll = () => void (atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 2);
    toEnd();
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => atEnd && toEnd());
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [columns]);
  return scroller;
};
