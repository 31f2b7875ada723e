/**
 * The app's keyboard shortcuts: single keys (`q`, `?`) and two-key sequences (`g d`: g, then d within
 * a second and a half). Pure, so the rules are specified without a browser.
 */

/** How long after `g` its second key is awaited. */
export const SEQUENCE_MS = 1_500;

/** A shortcut as the sheet lists it and the listener reads it: the keys in order ('q', 'g d'). */
export interface Shortcut<Command> {
  keys: string;
  /** What it does, in words for the sheet. */
  label: string;
  command: Command;
}

/** What the listener needs of a keydown. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key went to. */
  target: EventTarget | null;
  timeStamp: number;
}

/** Where a key belongs to what is typed: a text field, a select, an editable element. */
export const isTypingTarget = (target: EventTarget | null): boolean => {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
};

/**
 * A reader of key presses: feed it every keydown, it answers the command a completed shortcut names.
 * Presses with Ctrl, Alt or ⌘ (the browser's and the system's own), presses while typing and keys
 * that start nothing are ignored and end a pending sequence. Shift is allowed: `?` needs it.
 */
export const shortcutReader = <Command>(shortcuts: readonly Shortcut<Command>[], typing: (target: EventTarget | null) => boolean = isTypingTarget) => {
  let pending: { prefix: string; at: number } | undefined;
  return (press: KeyPress): Command | undefined => {
    if (press.ctrlKey || press.metaKey || press.altKey || typing(press.target)) {
      pending = undefined;
      return undefined;
    }
    const sequence = pending && press.timeStamp - pending.at <= SEQUENCE_MS ? `${pending.prefix} ${press.key}` : undefined;
    pending = undefined;
    const found = (sequence && shortcuts.find((shortcut) => shortcut.keys === sequence)) || shortcuts.find((shortcut) => shortcut.keys === press.key);
    if (found) return found.command;
    if (shortcuts.some((shortcut) => shortcut.keys.startsWith(`${press.key} `))) pending = { prefix: press.key, at: press.timeStamp };
    return undefined;
  };
};
