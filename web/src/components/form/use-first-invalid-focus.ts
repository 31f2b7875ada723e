import { useEffect, useRef, useState } from 'react';

/**
 * Moves the focus to a form's first invalid control (aria-invalid="true") once the messages of a
 * failed submit are on screen, so keyboard and screen-reader users land on what needs fixing.
 */
export const useFirstInvalidFocus = <T extends HTMLElement = HTMLFormElement>() => {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return { ref, focusFirstInvalid: () => setAttempt((count) => count + 1) };
};
