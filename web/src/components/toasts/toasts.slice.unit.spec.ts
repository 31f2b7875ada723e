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

  it('keep only the newest five', () => {
    let state = reduce(undefined, { type: 'init' });
    for (let i = 0; i < 7; i += 1) state = reduce(state, toastShown({ kind: 'warning', message: `m${i}` }));
    expect(state.items.map((toast) => toast.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('replace the one about the same thing (an Undo never outlives what it would undo)', () => {
    let state = reduce(undefined, toastShown({ kind: 'success', message: '+22 points · streak 3', key: 'habit:1', action: 'Undo' }));
    state = reduce(state, toastShown({ kind: 'info', message: 'Saved' }));
    state = reduce(state, toastShown({ kind: 'success', message: '+11 points (half: recorded afterwards)', key: 'habit:1' }));
    expect(state.items.map((toast) => toast.message)).toEqual(['Saved', '+11 points (half: recorded afterwards)']);
  });
});
