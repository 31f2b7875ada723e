import { useEffect, useLayoutEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { pausableDismiss, type DismissTimer } from './auto-dismiss.ts';
import { runToastAction } from './toast-actions.ts';
import { selectToasts, toastDismissed, type Toast, type ToastKind } from './toasts.slice.ts';
import './toast-region.css';

const icons: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i' };
const defaultTitles: Record<ToastKind, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Info' };

const ToastItem = ({ toast }: { toast: Toast }) => {
  const dispatch = useDispatch();
  const timer = useRef<DismissTimer | null>(null);
  const dismiss = () => dispatch(toastDismissed(toast.id));

  useEffect(() => {
    const countdown = pausableDismiss({ durationMs: toast.durationMs }, () => dispatch(toastDismissed(toast.id)));
    timer.current = countdown;
    // What it registered is let go when it leaves the store (toast-actions.ts), not here: StrictMode's trial unmount would lose its Undo.
    return () => countdown.cancel();
  }, [dispatch, toast.id, toast.durationMs]);

  // Held while the pointer or the focus is on it: its action can be read and reached, by mouse or by Tab.
  // The pointer holds it only once it moves on it: a toast that appears under a resting pointer (where
  // the Save or Complete just pressed was) would otherwise stay, over what is under it, until the
  // pointer happened to leave.
  const hold = () => timer.current?.pause();
  const release = () => timer.current?.resume();

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-testid={`toast-${toast.kind}`}
      onPointerMove={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) release();
      }}
    >
      <span className="round-mark toast__icon" aria-hidden="true">
        {icons[toast.kind]}
      </span>
      <div className="toast__body">
        <p className="toast__title">{toast.title ?? defaultTitles[toast.kind]}</p>
        <p className="toast__message">{toast.message}</p>
      </div>
      {toast.action && (
        <button
          type="button"
          className="button button--small button--secondary toast__action"
          onClick={() => {
            // The action first (it may say where focus goes next), then the toast goes.
            runToastAction(toast.id);
            dismiss();
          }}
        >
          {toast.action}
        </button>
      )}
      <button type="button" className="toast__close" onClick={dismiss} aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
};

/** The gap between the controls above and the first toast, and the least space kept at the screen's bottom. */
const GAP_PX = 8;

/**
 * What a toast must never cover: the sticky app header and its open menu, and the page's header (its
 * title and its New, Import, Export… buttons) and toolbar (views, filters) while they are on screen.
 */
const CONTROLS_ABOVE = ['.app-header', '.app-nav--open .app-nav__list', '#main-content .page-header', '#main-content .page-toolbar'];

const bottomOfControls = (): number => {
  let bottom = 0;
  for (const element of document.querySelectorAll(CONTROLS_ABOVE.join(', '))) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) bottom = Math.max(bottom, box.bottom);
  }
  return bottom;
};

/** What holds a control: the card or row (every list's item) a toast about it must leave in view. */
const ITEM = 'li';

/** The item the person pressed last, while it is on the page (a press on a toast keeps the one before). */
const useTouchedItem = () => {
  const touched = useRef<Element | null>(null);
  useEffect(() => {
    const remember = ({ target }: Event) => {
      if (target instanceof Element && !target.closest('.toast-region')) touched.current = target.closest(ITEM);
    };
    document.addEventListener('pointerdown', remember, true);
    return () => document.removeEventListener('pointerdown', remember, true);
  }, []);
  return touched;
};

/**
 * Keeps the region under the controls while toasts are shown, measured every frame: a scroll, a menu
 * or a panel opening moves them without an event to follow. When the toasts would not fit under them
 * (a phone's tall header and toolbar), or would cover more of the item just acted on (a phone's first
 * card, its title and streak) than at the screen's bottom, the region goes to the screen's bottom
 * instead — and back up when the bottom is where that item is.
 */
const useBelowControls = (shown: boolean) => {
  const ref = useRef<HTMLDivElement>(null);
  const touched = useTouchedItem();
  useLayoutEffect(() => {
    const region = ref.current;
    if (!shown || !region) return undefined;
    let frame = 0;
    let placed = '';
    const place = () => {
      const top = Math.max(16, bottomOfControls() + GAP_PX);
      const height = region.offsetHeight;
      const fits = top + height <= window.innerHeight - GAP_PX;
      const box = region.getBoundingClientRect();
      const item = touched.current?.isConnected ? touched.current.getBoundingClientRect() : undefined;
      const beside = !item || box.left >= item.right || box.right <= item.left;
      // How much of the item the toasts would cover from `from` down; a tall card may meet them either way.
      const covered = (from: number) => (beside ? 0 : Math.max(0, Math.min(from + height, item.bottom) - Math.max(from, item.top)));
      const below = fits && covered(top) <= covered(window.innerHeight - GAP_PX * 2 - height);
      const placement = below ? `${top}px` : 'bottom';
      if (placement !== placed) {
        placed = placement;
        region.classList.toggle('toast-region--bottom', !below);
        if (below) region.style.setProperty('--toast-top', placement);
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => cancelAnimationFrame(frame);
  }, [shown, touched]);
  return ref;
};

/** Toasts stack at the top right (spec.md §2), under the controls above; the region is polite, error toasts are alerts. */
export const ToastRegion = () => {
  const toasts = useSelector(selectToasts);
  const ref = useBelowControls(toasts.length > 0);
  return (
    <div ref={ref} className="toast-region" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
};
