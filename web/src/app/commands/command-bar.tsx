import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FOCUS_HEADING_STATE } from '../../lib/focus/use-heading-focus.ts';
import { shortcutReader, type Shortcut } from '../../lib/shortcuts/shortcut-keys.ts';
import './command-bar.css';

// The dialogs are a chunk of their own: the first screen carries only this listener and the button.
const CommandDialogs = lazy(() => import('./command-dialogs.tsx'));

/** A screen `g` then a key opens (from the features' screens, app/router.tsx). */
export interface GoShortcut {
  key: string;
  to: string;
  label: string;
}

type Command = { kind: 'quick-add' } | { kind: 'sheet' } | { kind: 'go'; to: string };
type Open = 'none' | 'quick-add' | 'sheet';

/**
 * Quick add's button in the header and the app's keyboard shortcuts: q quick add, ? the sheet, g then
 * a key to a screen. Keys typed into a field, with Ctrl, Alt or ⌘, or while a dialog is open are left alone.
 */
export const CommandBar = ({ goShortcuts }: { goShortcuts: readonly GoShortcut[] }) => {
  const [open, setOpen] = useState<Open>('none');
  const navigate = useNavigate();
  const shortcuts = useMemo<Shortcut<Command>[]>(
    () => [
      { keys: 'q', label: 'Quick add: a to-do or a habit in one line', command: { kind: 'quick-add' } },
      { keys: '?', label: 'This list of shortcuts', command: { kind: 'sheet' } },
      ...goShortcuts.map(({ key, to, label }) => ({ keys: `g ${key}`, label: `Go to ${label}`, command: { kind: 'go' as const, to } })),
    ],
    [goShortcuts],
  );
  useEffect(() => {
    const read = shortcutReader(shortcuts);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || document.querySelector('dialog[open]')) return;
      const command = read(event);
      if (!command) return;
      event.preventDefault();
      if (command.kind === 'go') void navigate(command.to, { state: FOCUS_HEADING_STATE });
      else setOpen(command.kind);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shortcuts, navigate]);

  const close = () => setOpen('none');
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small command-bar__add"
        aria-keyshortcuts="q"
        aria-label="Quick add"
        title="Quick add (q)"
        onClick={() => setOpen('quick-add')}
      >
        <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M10 4v12M4 10h12" />
        </svg>
        <span className="command-bar__label">Quick add</span>
      </button>
      <Suspense fallback={null}>{open !== 'none' && <CommandDialogs open={open} shortcuts={shortcuts} onClose={close} />}</Suspense>
    </>
  );
};
