import { useEffect, useState } from 'react';
import { clearDraft, readDraft, writeDraft } from './drafts.ts';

const sameValues = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export interface Draft<T> {
  values: T;
  setValues: (update: T | ((current: T) => T)) => void;
  /** The values came back from a draft typed before a reload. */
  restored: boolean;
  /** Back to the form's own values, the draft dropped. */
  discard: () => void;
  /** Drops the draft (saved or cancelled); the form is closing. */
  forget: () => void;
}

/**
 * A form's values, kept as a draft under `key` while they differ from `initial` (lib/forms/drafts.ts);
 * without a key, plain state. The draft is read once, when the form opens.
 */
export const useDraft = <T>(key: string | undefined, initial: T): Draft<T> => {
  const [restoredValues] = useState(() => (key === undefined ? undefined : readDraft(key, initial)));
  const [values, setValues] = useState<T>(restoredValues ?? initial);
  const [restored, setRestored] = useState(restoredValues !== undefined && !sameValues(restoredValues, initial));
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => {
    if (key === undefined || forgotten) return;
    if (sameValues(values, initial)) clearDraft(key);
    else writeDraft(key, values);
    // `initial` is the form's starting point when it opened; a new object each render must not rewrite the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, values, forgotten]);
  return {
    values,
    setValues,
    restored,
    discard: () => {
      if (key !== undefined) clearDraft(key);
      setRestored(false);
      setValues(initial);
    },
    forget: () => {
      setForgotten(true);
      if (key !== undefined) clearDraft(key);
    },
  };
};

/**
 * A create or edit form's values kept as a draft (useDraft), and ItemForm's part of it (`itemForm`,
 * spread into it): Cancel drops the draft before `onCancel`, and a draft that came back is said.
 */
export const useFormDraft = <T>(key: string | undefined, initial: T, onCancel: () => void) => {
  const draft = useDraft(key, initial);
  return {
    values: draft.values,
    setValues: draft.setValues,
    itemForm: {
      onCancel: () => {
        draft.forget();
        onCancel();
      },
      restoredDraft: draft.restored ? { onDiscard: draft.discard } : undefined,
    },
  };
};
