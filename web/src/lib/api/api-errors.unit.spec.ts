import { describe, expect, it } from 'vitest';
import { callFailure, errorMessage, fieldErrors, type CallError } from './api-errors.ts';

const fieldError: CallError = {
  status: 400,
  data: { message: 'title: is required', errors: [{ field: 'title', message: 'is required' }] },
  message: 'Server error (400): title: is required',
};
const serverFault: CallError = { status: 500, data: null, message: 'Server error (500): Unknown error' };
const offline: CallError = { status: 'FETCH_ERROR', error: 'TypeError: fetch failed', message: 'No response received from server' };
const unreadable: CallError = {
  status: 'CUSTOM_ERROR',
  error: 'Invalid response format from server - no valid goal data',
  message: 'Invalid response format from server - no valid goal data',
};

describe('what a failed call says to the user (errorMessage)', () => {
  it("shows a server 400's own message for a field error", () => {
    expect(errorMessage(fieldError, 'Failed to create goal')).toBe('title: is required');
  });

  it("shows the §8 fallback, not 'Server error (500): Unknown error', when the server gave no message", () => {
    expect(errorMessage(serverFault, 'Failed to create goal')).toBe('Failed to create goal');
    expect(errorMessage(offline, 'Failed to fetch goals')).toBe('Failed to fetch goals');
    expect(errorMessage(unreadable, 'Failed to update goal')).toBe('Failed to update goal');
  });

  it('shows the fallback for an error of any other shape, a blank message or none at all', () => {
    expect(errorMessage({ name: 'Error', message: 'boom' }, 'Failed to fetch habits')).toBe('Failed to fetch habits');
    expect(errorMessage({ status: 502, data: '<html>Bad gateway</html>' }, 'Failed to fetch habits')).toBe('Failed to fetch habits');
    expect(errorMessage({ status: 409, data: { message: '  ' } }, 'Failed to delete task')).toBe('Failed to delete task');
    expect(errorMessage(undefined, 'Failed to reset settings')).toBe('Failed to reset settings');
  });
});

describe("a call's own failure text (callFailure, spec.md §8's error object)", () => {
  it('reads the text a call error carries, and nothing from an error without one', () => {
    expect(callFailure(serverFault)).toBe('Server error (500): Unknown error');
    expect(callFailure(offline)).toBe('No response received from server');
    expect(callFailure({ status: 500, data: { message: 'boom' } })).toBeUndefined();
    expect(callFailure({ name: 'Error', message: 'thrown' })).toBeUndefined();
    expect(callFailure(undefined)).toBeUndefined();
  });
});

describe('field errors of a 400', () => {
  it('map each field to its first message, and list those a form does not show', () => {
    const error = {
      status: 400,
      data: {
        errors: [
          { field: 'title', message: 'is required' },
          { field: 'title', message: 'is too long' },
          { field: 'weight', message: 'must be a whole number from 1 to 10' },
          { nonsense: true },
        ],
      },
    };
    expect(fieldErrors(error)).toEqual({ title: 'is required', weight: 'must be a whole number from 1 to 10' });
    expect(fieldErrors(fieldError)).toEqual({ title: 'is required' });
    expect(fieldErrors(serverFault)).toEqual({});
  });
});
