import { describe, expect, it } from 'vitest';
import { goalSuggestions, habitSuggestions, startRequests } from './suggestions.ts';

describe('the start’s choices', () => {
  it('offers the one-tap first habits the public page promises', () => {
    expect(habitSuggestions).toEqual(expect.arrayContaining(['Drink water', 'Read 10 pages', 'Walk 20 minutes']));
    expect(goalSuggestions.length).toBeGreaterThan(0);
  });

  it('sends what was picked or typed, trimmed, and leaves out what was left empty', () => {
    expect(startRequests({ habit: '  Drink water ', goal: '' })).toEqual({ habit: 'Drink water' });
    expect(startRequests({ habit: '', goal: 'Run a 5K' })).toEqual({ goal: 'Run a 5K' });
    expect(startRequests({ habit: '   ', goal: '  ' })).toEqual({});
  });
});
