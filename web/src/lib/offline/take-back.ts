import type { UnknownAction } from '@reduxjs/toolkit';
import { flushSync } from 'react-dom';
import { firstControlOf, focusWhenBack } from '../focus/focus-when-back.ts';
import { PRIMARY_ACTION } from '../focus/use-focus-after-change.ts';
import { changeTakenBack, type OfflineState } from './offline.slice.ts';

export interface TakeBackStore {
  getState: () => { offline: OfflineState; auth: { user: { id: string } | null } };
  dispatch: (action: UnknownAction) => unknown;
}

/** Marks what shows a change of this item waiting (waiting-mark.tsx): the row around it is the item's. */
export const WAITING_FOR = 'data-waiting-for';
/** Marks each "Don't send" of the banner's list: the next one takes the focus when one goes. */
export const TAKE_BACK = 'data-take-back';

/**
 * Whether a waiting change can still be taken back: it is on the device, not held for a delete's own
 * Undo, and no send is under way (the change on the wire may be this one).
 */
export const takeBackState = (offline: OfflineState, key: string): 'waiting' | 'sending' | 'gone' => {
  if (!offline.queue.some((change) => change.key === key) || offline.held.includes(key)) return 'gone';
  return offline.sending ? 'sending' : 'waiting';
};

const rowShowing = (itemId: string | undefined): HTMLElement | null =>
  itemId ? (document.querySelector(`[${WAITING_FOR}="${CSS.escape(itemId)}"]`)?.closest<HTMLElement>('li') ?? null) : null;

/** After a "Don't send" in the banner's list: the next one, else the one before, else the page's heading. */
const nextInList = (from: Element | null): HTMLElement | null => {
  const all = [...document.querySelectorAll<HTMLElement>(`[${TAKE_BACK}]`)];
  const at = from ? all.indexOf(from as HTMLElement) : -1;
  return (at >= 0 ? (all[at + 1] ?? all[at - 1]) : undefined) ?? document.querySelector<HTMLElement>('#main-content h1[tabindex]');
};

/**
 * Takes a waiting change back (issue 19): it leaves the device unsent, and the item shows what it showed
 * before. The focus goes to the item's row when it is on screen (its Complete, offered again, else its
 * first control; a delete taken back puts the row back and it takes the focus then), else to the next
 * change in the banner's list, else to the page's heading. Answers what stood in the way, if anything.
 */
export const takeBackChange = (store: TakeBackStore, key: string, from: Element | null = null): 'taken' | 'sending' | 'gone' => {
  const { offline } = store.getState();
  const state = takeBackState(offline, key);
  if (state !== 'waiting') return state;
  const change = offline.queue.find((queued) => queued.key === key);
  if (typeof document === 'undefined') {
    // No page (a test in Node): nothing to focus.
    store.dispatch(changeTakenBack(key));
    return 'taken';
  }
  const row = rowShowing(change?.itemId);
  const next = nextInList(from);
  const isDelete = change?.method.toUpperCase() === 'DELETE';
  if (isDelete && change?.itemId) focusWhenBack(change.itemId);
  const focused = document.activeElement;
  // Drawn at once, so the control the focus goes to is the one the item shows now.
  flushSync(() => void store.dispatch(changeTakenBack(key)));
  // The row put back took the focus itself (useFocusWhenBack).
  if (isDelete && document.activeElement !== focused && document.activeElement !== document.body) return 'taken';
  const target = row?.isConnected ? (row.querySelector<HTMLElement>(`[${PRIMARY_ACTION}]`) ?? firstControlOf(row)) : next?.isConnected ? next : null;
  (target ?? document.querySelector<HTMLElement>('#main-content h1[tabindex]'))?.focus();
  return 'taken';
};
