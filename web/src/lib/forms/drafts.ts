/**
 * Half-typed forms kept across a reload (issue 19: a reload lost them). A draft lives in this tab's
 * sessionStorage: a reload or a crash of the page keeps it, closing the tab drops it, and logging
 * out clears every draft (another account in this tab never sees one). A draft is read back only
 * when it still has its form's shape, so a draft of an older version of a form is dropped, not used.
 */
const PREFIX = 'draft:';

const session = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** Whether `value` has the shape of `like`: the same keys, each value of the same kind (arrays of primitives). */
export const sameShape = (value: unknown, like: unknown): boolean => {
  if (Array.isArray(like)) return Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item));
  if (isPlainObject(like)) {
    if (!isPlainObject(value)) return false;
    const keys = Object.keys(like);
    return Object.keys(value).length === keys.length && keys.every((key) => key in value && sameShape(value[key], like[key]));
  }
  if (typeof like === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof like && (like === null) === (value === null);
};

export const readDraft = <T>(key: string, like: T): T | undefined => {
  try {
    const stored = session()?.getItem(PREFIX + key);
    if (stored == null) return undefined;
    const value: unknown = JSON.parse(stored);
    return sameShape(value, like) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
};

export const writeDraft = (key: string, value: unknown): void => {
  try {
    session()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the form works as before, without a draft.
  }
};

export const clearDraft = (key: string): void => {
  try {
    session()?.removeItem(PREFIX + key);
  } catch {
    // As above.
  }
};

/** Whether a form has a draft waiting (a page may open that form again after a reload). */
export const hasDraft = (key: string): boolean => {
  try {
    return session()?.getItem(PREFIX + key) != null;
  } catch {
    return false;
  }
};

/** At logout: no draft outlives the session that typed it. */
export const clearAllDrafts = (): void => {
  const storage = session();
  if (!storage) return;
  try {
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  } catch {
    // As above.
  }
};
