import { useEffect, useRef } from 'react';

/** The attribute that marks the control to focus when a row or card changes after an action in it. */
export const PRIMARY_ACTION = 'data-primary-action';

/** Whether the focus has gone nowhere: to <body>, or with an element that left the page or was disabled. */
const focusLost = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || active.matches(':disabled');
};

/**
 * Keeps a keyboard user's place when an action replaces the button they pressed (Complete becomes
 * Undo, Undo becomes Complete): call `expectChange()` when the action starts; when `state` (what the
 * row shows) changes afterwards and the focus was lost on the way, the row's control marked with
 * PRIMARY_ACTION takes it. Focus that went somewhere on purpose is left alone.
 */
export const useFocusAfterChange = <T extends HTMLElement>(state: string) => {
  const rootRef = useRef<T>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!wanted.current) return;
    wanted.current = false;
    if (focusLost()) rootRef.current?.querySelector<HTMLElement>(`[${PRIMARY_ACTION}]`)?.focus();
  }, [state]);
  return {
    /** The row or card: its PRIMARY_ACTION control is the one focused. */
    rootRef,
    expectChange: () => void (wanted.current = true),
    /** The action failed: nothing changes, nothing to follow; the focus goes back to the row if it was lost. */
    settle: () => {
      wanted.current = false;
      if (focusLost()) rootRef.current?.querySelector<HTMLElement>(`[${PRIMARY_ACTION}]`)?.focus();
    },
  };
};
