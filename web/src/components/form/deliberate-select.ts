import { useRef, useState, type FocusEvent, type KeyboardEvent, type ChangeEvent } from 'react';

/**
 * What happens to a <select> that saves on its own (no Save button). Arrowing through a closed native
 * select changes its value (and fires change) in Chromium and Firefox on Windows and Linux, so a change
 * that came from the keyboard is only a draft until Enter or leaving the control; a choice from the open
 * list (a click, or Enter in it) is deliberate and applies at once. Escape drops the draft.
 */
export type DeliberateSelectEvent<T extends string> =
  { type: 'picked'; value: T; byKeyboard: boolean } | { type: 'confirmed' } | { type: 'left' } | { type: 'reverted' };

export interface DeliberateSelectStep<T extends string> {
  /** The value shown while it differs from the saved one; null shows the saved one. */
  draft: T | null;
  /** The value to save now, if any. */
  commit?: T;
}

export const deliberateSelectStep = <T extends string>(saved: T, draft: T | null, event: DeliberateSelectEvent<T>): DeliberateSelectStep<T> => {
  switch (event.type) {
    case 'picked':
      if (event.value === saved) return { draft: null };
      return event.byKeyboard ? { draft: event.value } : { draft: null, commit: event.value };
    case 'confirmed':
    case 'left':
      return draft === null || draft === saved ? { draft: null } : { draft: null, commit: draft };
    case 'reverted':
      return { draft: null };
  }
};

/** Keys that only move focus or modify: they never change the select's value. */
const inertKeys = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta']);

/** A change this soon after a key press came from it (they are one task apart at most; a person picks from the list far later). */
export const KEY_CHANGE_MS = 500;

/** The hint shown beside a select holding a keyboard draft. */
export const DELIBERATE_SELECT_HINT = 'Enter to apply, Esc to undo';

/**
 * A self-saving select's handlers: spread `props` on the <select>; `draft` is the value waiting for
 * Enter (show DELIBERATE_SELECT_HINT beside it while it is not null).
 */
export const useDeliberateSelect = <T extends string>(saved: T, onCommit: (value: T) => void) => {
  const [draft, setDraft] = useState<T | null>(null);
  // When the last key press was (its event's timeStamp): the change it causes comes in the same task,
  // so a change created within KEY_CHANGE_MS of it came from the keyboard. Timestamps, not a timer that
  // clears a flag: on a busy page a 0 ms timer can wait behind input and later tasks, and a pick from
  // the list seconds later was then taken for arrowing (kept as a draft, nothing saved).
  const keyedAt = useRef<number | null>(null);
  const step = (event: DeliberateSelectEvent<T>) => {
    const next = deliberateSelectStep(saved, draft, event);
    setDraft(next.draft);
    if (next.commit !== undefined) onCommit(next.commit);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      if (draft !== null) event.preventDefault();
      step({ type: 'confirmed' });
    } else if (event.key === 'Escape') {
      if (draft !== null) event.preventDefault();
      step({ type: 'reverted' });
    } else if (!inertKeys.has(event.key)) {
      keyedAt.current = event.timeStamp;
    }
  };
  return {
    draft,
    props: {
      value: draft ?? saved,
      onKeyDown,
      onChange: (event: ChangeEvent<HTMLSelectElement>) => {
        const byKeyboard = keyedAt.current !== null && event.timeStamp - keyedAt.current < KEY_CHANGE_MS;
        keyedAt.current = null;
        step({ type: 'picked', value: event.target.value as T, byKeyboard });
      },
      onBlur: (_event: FocusEvent<HTMLSelectElement>) => step({ type: 'left' }),
    },
  };
};
