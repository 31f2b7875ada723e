import { describe, expect, it } from 'vitest';
import { statusSelectStep } from './status-select-intent.ts';

describe('statusSelectStep', () => {
  it('applies a choice from the open list at once', () => {
    expect(statusSelectStep('pending', null, { type: 'picked', status: 'in-progress', byKeyboard: false })).toEqual({ draft: null, commit: 'in-progress' });
  });

  it('keeps arrowing through the options as a draft, saving nothing', () => {
    const first = statusSelectStep('pending', null, { type: 'picked', status: 'in-progress', byKeyboard: true });
    expect(first).toEqual({ draft: 'in-progress' });
    expect(statusSelectStep('pending', first.draft, { type: 'picked', status: 'completed', byKeyboard: true })).toEqual({ draft: 'completed' });
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
    expect(statusSelectStep('pending', 'in-progress', { type: 'picked', status: 'pending', byKeyboard: true })).toEqual({ draft: null });
    expect(statusSelectStep('pending', null, { type: 'confirmed' })).toEqual({ draft: null });
    expect(statusSelectStep('pending', null, { type: 'left' })).toEqual({ draft: null });
  });
});
