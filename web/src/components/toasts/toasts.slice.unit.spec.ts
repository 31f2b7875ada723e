import { describe, expect, it } from 'vitest';
import { toastDismissed, toastShown, toastsSlice } from './toasts.slice.ts';

const reduce = toastsSlice.reducer;

describe('toasts', () => {
  it('show for 5 seconds by default', () => {
    const state = reduce(undefined, toastShown({ kind: 'success', message: 'Saved' }));
    expect(state.items).toEqual([expect.objectContaining({ kind: 'success', message: 'Saved', durationMs: 5000 })]);
  });

  it('are dismissed by id', () => {
    const shown = reduce(undefined, toastShown({ kind: 'info', message: 'Hi', durationMs: 0 }));
    const id = shown.items[0]?.id ?? '';
    expect(reduce(shown, toastDismissed(id)).items).toEqual([]);
  });

  it('collapse a burst: news replaces the news before it, errors stay (at most three shown)', () => {
    let state = reduce(undefined, { type: 'init' });
    for (let i = 0; i < 5; i += 1) state = reduce(state, toastShown({ kind: 'success', message: `done ${i}` }));
    expect(state.items.map((toast) => toast.message)).toEqual(['done 4']);
    for (let i = 0; i < 4; i += 1) state = reduce(state, toastShown({ kind: 'error', message: `failed ${i}` }));
    expect(state.items.map((toast) => toast.message)).toEqual(['failed 1', 'failed 2', 'failed 3']);
    state = reduce(state, toastShown({ kind: 'info', message: 'Saved' }));
    expect(state.items.map((toast) => toast.message)).toEqual(['failed 2', 'failed 3', 'Saved']);
  });

  it('replace the one about the same thing (an Undo never outlives what it would undo)', () => {
    let state = reduce(undefined, toastShown({ kind: 'success', message: '+22 points · streak 3', key: 'habit:1', action: 'Undo' }));
    state = reduce(state, toastShown({ kind: 'error', message: 'Failed to complete habit' }));
    state = reduce(state, toastShown({ kind: 'success', message: '+11 points (half: recorded afterwards)', key: 'habit:1' }));
    expect(state.items.map((toast) => toast.message)).toEqual(['Failed to complete habit', '+11 points (half: recorded afterwards)']);
  });
});
