import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { autoDismiss } from './auto-dismiss.ts';
import { selectToasts, toastDismissed, type Toast, type ToastKind } from './toasts.slice.ts';
import './toast-region.css';

const icons: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i' };
const defaultTitles: Record<ToastKind, string> = { success: 'Success', error: 'Error', warning: 'Warning', info: 'Info' };

const ToastItem = ({ toast }: { toast: Toast }) => {
  const dispatch = useDispatch();
  const dismiss = () => dispatch(toastDismissed(toast.id));

  useEffect(() => autoDismiss({ durationMs: toast.durationMs }, () => dispatch(toastDismissed(toast.id))), [dispatch, toast.id, toast.durationMs]);

  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined} data-testid={`toast-${toast.kind}`}>
      <span className="round-mark toast__icon" aria-hidden="true">
        {icons[toast.kind]}
      </span>
      <div className="toast__body">
        <p className="toast__title">{toast.title ?? defaultTitles[toast.kind]}</p>
        <p className="toast__message">{toast.message}</p>
      </div>
      <button type="button" className="toast__close" onClick={dismiss} aria-label="Close notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
};

/** Toasts stack at the top right (spec.md §2); the region is polite, error toasts are alerts. */
export const ToastRegion = () => {
  const toasts = useSelector(selectToasts);
  return (
    <div className="toast-region" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
};
