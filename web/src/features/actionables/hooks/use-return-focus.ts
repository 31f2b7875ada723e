import { useEffect, useRef } from 'react';

/**
 * Gives focus back to the button that opened a form once the form closes (Escape, Cancel or Save),
 * so a keyboard user carries on where they were. Only when focus was lost with the form: a click
 * elsewhere keeps its own focus.
 */
export const useReturnFocus = <T extends HTMLElement>(open: boolean) => {
  const ref = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasOpen.current && !open && lost) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return ref;
};
