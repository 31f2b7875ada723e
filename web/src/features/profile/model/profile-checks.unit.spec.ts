import { describe, expect, it } from 'vitest';
import { profileProblems } from './profile-checks.ts';

const today = '2026-11-23';

describe('profileProblems', () => {
  it('asks for a name of at most 100 characters', () => {
    expect(profileProblems({ name: '  ', dateOfBirth: '' }, today)).toEqual({ name: 'is required' });
    expect(profileProblems({ name: 'n'.repeat(101), dateOfBirth: '' }, today)).toEqual({ name: 'must be at most 100 characters' });
  });
  it('refuses a date of birth in the future or before 1900', () => {
    expect(profileProblems({ name: 'Ada', dateOfBirth: '2026-11-24' }, today)).toEqual({ dateOfBirth: 'must not be in the future' });
    expect(profileProblems({ name: 'Ada', dateOfBirth: '1815-12-10' }, today)).toEqual({ dateOfBirth: 'must be a real date from 1900 to 9999' });
  });
  it('passes a name with no date of birth, or a past one', () => {
    expect(profileProblems({ name: 'Ada', dateOfBirth: '' }, today)).toEqual({});
    expect(profileProblems({ name: 'Ada', dateOfBirth: '1990-05-01' }, today)).toEqual({});
  });
});
