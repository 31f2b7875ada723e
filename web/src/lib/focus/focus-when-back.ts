import { useEffect, type RefObject } from 'react';

/** What a keyboard user can be put on inside a row or card, first in the order they would Tab to it. */
const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The first control of a row or card, if it has one. */
export const firstControlOf = (root: HTMLElement | null): HTMLElement | null => root?.querySelector<HTMLElement>(CONTROLS) ?? null;

let wanted: string | null = null;

/** Asks for the focus to go to an item's row once it is back on screen (an undone delete puts it back). */
export const focusWhenBack = (itemId: string): void => void (wanted = itemId);

/** A row's or card's side of `focusWhenBack`: when it shows and was asked for, its first control takes the focus. */
export const useFocusWhenBack = (itemId: string, rootRef: RefObject<HTMLElement | null>): void => {
  useEffect(() => {
    if (wanted !== itemId || !rootRef.current) return;
    wanted = null;
    firstControlOf(rootRef.current)?.focus();
  });
};

/**
 * Where the focus goes when a row leaves the list: the next row's first control, else the previous
 * row's, else the page's heading. Read before the row goes.
 */
export const focusAfterRemoval = (row: HTMLElement | null): HTMLElement | null => {
  const sibling = row?.nextElementSibling ?? row?.previousElementSibling;
  return firstControlOf(sibling instanceof HTMLElement ? sibling : null) ?? document.querySelector<HTMLElement>('#main-content h1[tabindex]');
};
