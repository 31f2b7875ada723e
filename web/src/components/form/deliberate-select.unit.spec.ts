import { describe, expect, it } from 'vitest';
import { deliberateSelectStep as statusSelectStep } from './deliberate-select.ts';

describe('a self-saving select (a row status, the week start)', () => {
  it('applies a choice from the open list at once', () => {
    expect(statusSelectStep('pending', null, { type: 'picked', value: 'in-progress', byKeyboard: false })).toEqual({ draft: null, commit: 'in-progress' });
  });

  it('keeps arrowing through the options as a draft, saving nothing', () => {
    const first = statusSelectStep('pending', null, { type: 'picked', value: 'in-progress', byKeyboard: true });
    expect(first).toEqual({ draft: 'in-progress' });
    expect(statusSelectStep('pending', first.draft, { type: 'picked', value: 'completed', byKeyboard: true })).toEqual({ draft: 'completed' });
  });

  it('saves the draft on Enter', () => {
    expect(statusSelectStep('pending', 'completed', { type: 'confirmed' })).toEqual({ draft: null, commit: 'completed' });
  });

  it('saves the draft when the control is left', () => {
    expect(statusSelectStep('pending', 'in-progress', { type: 'left' })).toEqual({ draft: null, commit: 'in-progress' });
  });

  it('drops the draft on Escape', () => {
    expect(statusSelectStep('pending', 'completed', { type: 'reverted' })).toEqual({ draft: null });
  });

  it('does nothing when the choice is the saved status, or there is no draft', () => {
    expect(statusSelectStep('pending', 'in-progress', { type: 'picked', value: 'pending', byKeyboard: true })).toEqual({ draft: null });
    expect(statusSelectStep('pending', null, { type: 'confirmed' })).toEqual({ draft: null });
    expect(statusSelectStep('pending', null, { type: 'left' })).toEqual({ draft: null });
  });
});
