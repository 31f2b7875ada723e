// The tests run in Node and vitest hands CSS modules over empty: the placement is read from the file itself.
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { autoDismiss, pausableDismiss } from './auto-dismiss.ts';
import { registerToastAction, runToastAction } from './toast-actions.ts';
import { ToastRegion } from './toast-region.tsx';
import { toastKinds, toastShown } from './toasts.slice.ts';

// One region per toast: a burst collapses (toasts.slice.ts), so several kinds at once would show only the last news.
const regionWith = (...kinds: (typeof toastKinds)[number][]) =>
  kinds
    .map((kind) => {
      const store = makeStore();
      store.dispatch(toastShown({ kind, message: `A ${kind} message` }));
      return renderToStaticMarkup(createElement(Provider, { store, children: createElement(ToastRegion) }));
    })
    .join('');

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec.md §2, §9)', () => {
  it('appear at the top right', () => {
    const css = readFileSync(new URL('./toast-region.css', import.meta.url), 'utf8');
    const region = /\.toast-region\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(region).toMatch(/position:\s*fixed/);
    expect(region).toMatch(/top:\s*[^;]+;/);
    expect(region).toMatch(/right:\s*[^;]+;/);
    expect(region).not.toMatch(/(?:^|\s)(?:left|bottom):/);
  });

  it('come in four kinds: success, error, warning, info', () => {
    expect(toastKinds).toEqual(['success', 'error', 'warning', 'info']);
    const markup = regionWith(...toastKinds);
    for (const kind of toastKinds) {
      expect(markup).toContain(`class="toast toast--${kind}"`);
      expect(markup).toContain(`A ${kind} message`);
    }
  });

  it('each have a close button', () => {
    const markup = regionWith('success', 'error', 'warning', 'info');
    expect(markup.match(/<button type="button" class="toast__close" aria-label="Close notification">/g)).toHaveLength(4);
  });

  it('auto-dismiss after 5 seconds by default', () => {
    vi.useFakeTimers();
    const store = makeStore();
    store.dispatch(toastShown({ kind: 'info', message: 'Saved' }));
    const [toast] = store.getState().toasts.items;
    const dismiss = vi.fn();
    autoDismiss(toast!, dismiss);
    vi.advanceTimersByTime(4_999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it('stay until closed with a duration of 0, and a closed one is not dismissed again', () => {
    vi.useFakeTimers();
    const kept = vi.fn();
    autoDismiss({ durationMs: 0 }, kept);
    const closed = vi.fn();
    const cancel = autoDismiss({ durationMs: 5_000 }, closed);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(kept).not.toHaveBeenCalled();
    expect(closed).not.toHaveBeenCalled();
  });

  it('hold while pointed at or focused, and count down what was left afterwards', () => {
    vi.useFakeTimers();
    const dismiss = vi.fn();
    let clock = 0;
    const timer = pausableDismiss({ durationMs: 8_000 }, dismiss, () => clock);
    const pass = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    pass(5_000);
    timer.pause();
    pass(60_000);
    expect(dismiss).not.toHaveBeenCalled();
    timer.resume();
    pass(2_999);
    expect(dismiss).not.toHaveBeenCalled();
    pass(1);
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it('with an action show its button beside the close button, and run the action once', () => {
    const store = makeStore();
    store.dispatch(toastShown({ kind: 'success', message: '+22 points · streak 3', action: 'Undo', id: 'toast-1' }));
    const markup = renderToStaticMarkup(createElement(Provider, { store, children: createElement(ToastRegion) }));
    expect(markup).toMatch(/<button type="button" class="[^"]*toast__action">Undo<\/button><button type="button" class="toast__close"/);
    const run = vi.fn();
    registerToastAction('toast-1', run);
    runToastAction('toast-1');
    runToastAction('toast-1');
    expect(run).toHaveBeenCalledOnce();
  });
});
