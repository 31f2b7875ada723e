import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { pausableDismiss, type DismissTimer } from './auto-dismiss.ts';
import { forgetToastAction, runToastAction } from './toast-actions.ts';
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
    return () => {
      countdown.cancel();
      forgetToastAction(toast.id);
    };
  }, [dispatch, toast.id, toast.durationMs]);

  // Held while the pointer or the focus is on it: its action can be read and reached, by mouse or by Tab.
  const hold = () => timer.current?.pause();
  const release = () => timer.current?.resume();

  return (
    <div
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-testid={`toast-${toast.kind}`}
      onMouseEnter={hold}
      onMouseLeave={release}
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

/** The gap between the headers and the first toast. */
const GAP_PX = 8;

/**
 * Where the region's top goes: under the sticky app header and, while it is on screen, under the
 * page's header (its title and its New, Export… buttons), so no toast covers them.
 */
const topBelowHeaders = (): number => {
  const bottoms = [document.querySelector('.app-header'), document.querySelector('#main-content .page-header')].map(
    (element) => element?.getBoundingClientRect().bottom ?? 0,
  );
  return Math.max(0, ...bottoms) + GAP_PX;
};

/** Keeps `--toast-top` up to date while toasts are shown. */
const useTopBelowHeaders = (shown: boolean) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const region = ref.current;
    if (!shown || !region) return undefined;
    let frame = 0;
    const place = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => region.style.setProperty('--toast-top', `${Math.max(16, topBelowHeaders())}px`));
    };
    region.style.setProperty('--toast-top', `${Math.max(16, topBelowHeaders())}px`);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [shown]);
  return ref;
};

/** Toasts stack at the top right (spec.md §2), under the headers; the region is polite, error toasts are alerts. */
export const ToastRegion = () => {
  const toasts = useSelector(selectToasts);
  const ref = useTopBelowHeaders(toasts.length > 0);
  return (
    <div ref={ref} className="toast-region" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
};
