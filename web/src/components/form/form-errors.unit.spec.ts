import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/api/api-errors.ts';
import { errorAt, failureWithFields, formFailureText, humanFieldMessage, keyLabel, labelOf, otherFieldMessages } from './form-errors.ts';
import { failureText } from '../../lib/api/failure-text.ts';

const problem = (status: number, message: string, code: string, errors?: Array<{ field: string; message: string }>): ApiError => ({
  status,
  data: { type: 'about:blank', title: 'Bad Request', status, message, code, ...(errors ? { errors } : {}) },
});

describe('humanFieldMessage', () => {
  it('drops a field key in front of the message', () =>
    expect(humanFieldMessage('endDate: must not be before startDate')).toBe('must not be before the start date'));
  it('keeps a message written for people as it is', () => expect(humanFieldMessage('Current password is incorrect')).toBe('Current password is incorrect'));
  it('words contract jargon for people', () => {
    expect(humanFieldMessage('must be one of pending, in-progress, completed, not-approached')).toBe('is not one of the choices');
    expect(humanFieldMessage('must be an ISO 8601 date or date-time from 1900 to 9999')).toBe('must be a date and time from 1900 to 9999');
    expect(humanFieldMessage('must be a time HH:mm (00:00 to 23:59)')).toBe('must be a time of day from 00:00 to 23:59');
    expect(humanFieldMessage('weekly recurrence needs at least one weekday (0 = Sunday … 6 = Saturday)')).toBe('Choose at least one weekday');
    expect(humanFieldMessage('monthly recurrence needs a dayOfMonth from 1 to 31')).toBe('must be a whole number from 1 to 31');
    expect(humanFieldMessage('must not contain NUL or unpaired surrogate characters')).toBe('contains characters that cannot be saved');
    expect(humanFieldMessage('Invalid IANA time zone')).toBe('is not a time zone this app knows');
    expect(humanFieldMessage('Password must be at most 72 bytes long (bcrypt uses only the first 72 bytes)')).toBe(
      'Password is too long: use at most 72 characters (fewer with accents or emoji)',
    );
  });
  it("words zod's own defaults for people", () => {
    expect(humanFieldMessage('Invalid input: expected number, received string')).toBe('is not valid');
    expect(humanFieldMessage('Expected number, received string')).toBe('is not valid');
  });
});

describe('field labels', () => {
  it('makes a label from a key when the form has none', () => {
    expect(keyLabel('pointsToBeAwarded')).toBe('Points to be awarded');
    expect(keyLabel('recurrence.daysOfWeek')).toBe('Days of week');
    expect(keyLabel('actionables.1.weight')).toBe('Weight');
  });
  it("prefers the form's label, then a labelled parent's", () => {
    const labels = { pointsToBeAwarded: 'Points to award', recurrence: 'Repeats' };
    expect(labelOf('pointsToBeAwarded', labels)).toBe('Points to award');
    expect(labelOf('recurrence.daysOfWeek', labels)).toBe('Repeats');
    expect(labelOf('isHabit', labels)).toBe('Is habit');
  });
});

describe('errorAt', () => {
  it("finds a field's message, or one about a part of it", () => {
    expect(errorAt({ 'recurrence.days.0': 'must be a weekday from 0 (Sunday) to 6 (Saturday)' }, 'recurrence.days')).toBe(
      'must be a weekday from 0 (Sunday) to 6 (Saturday)',
    );
    expect(errorAt({ weight: 'x' }, 'weight')).toBe('x');
  });
  it('does not take a longer key that only starts alike', () => expect(errorAt({ weightClass: 'x' }, 'weight')).toBeUndefined());
});

describe('otherFieldMessages', () => {
  const labels = { weight: 'Weight', pointsToBeAwarded: 'Points to award', 'recurrence.days': 'Weekdays' };
  it('lists the fields the form does not show with their human labels, never the raw key', () =>
    expect(
      otherFieldMessages(
        {
          weight: 'must be a whole number from 1 to 10',
          pointsToBeAwarded: 'must be a whole number from 0 to 1000',
          'recurrence.days': 'weekly recurrence needs at least one weekday',
        },
        ['weight'],
        labels,
      ),
    ).toEqual(['Points to award must be a whole number from 0 to 1000', 'Choose at least one weekday']));
  it('leaves out what the form shows beside its fields, parts of them included', () =>
    expect(otherFieldMessages({ 'recurrence.days.2': 'must be a weekday from 0 (Sunday) to 6 (Saturday)' }, ['recurrence.days'], labels)).toEqual([]));
  it('labels an unknown key from its words', () =>
    expect(otherFieldMessages({ isHabit: 'must be true or false' }, [], labels)).toEqual(['Is habit must be true or false']));
  it('gives a message about the whole body without a label', () =>
    expect(otherFieldMessages({ body: 'Invalid input: expected object, received array' }, [], labels)).toEqual(['is not valid']));
});

describe('failureText', () => {
  it("shows the server's message when it is written for people", () =>
    expect(failureText(problem(409, 'Actionable is already completed', 'already_completed'), 'Failed to complete actionable')).toBe(
      'Actionable is already completed',
    ));
  it('gives the fallback instead of a message led by a field key', () =>
    expect(failureText(problem(400, 'title: is required', 'validation_failed'), 'Failed to update goal')).toBe('Failed to update goal'));
  it('gives the fallback instead of an internal text', () => {
    expect(failureText(problem(400, 'Validation failed', 'validation_failed'), 'Failed to create habit')).toBe('Failed to create habit');
    expect(failureText(problem(400, 'Expected number, received string', 'validation_failed'), 'Failed to create habit')).toBe('Failed to create habit');
    expect(failureText(problem(400, 'Request body is not valid JSON', 'invalid_json'), 'Failed to create habit')).toBe('Failed to create habit');
    expect(failureText({ status: 'PARSING_ERROR', originalStatus: 500, data: 'Internal Server Error', error: 'SyntaxError' }, 'Login failed')).toBe(
      'Login failed. Something went wrong on our side. Please try again in a moment.',
    );
  });
  it('says what to do after a server fault', () =>
    expect(failureText(problem(500, 'An unexpected error occurred', 'internal_error'), 'Failed to reset settings')).toBe(
      'Failed to reset settings. Something went wrong on our side. Please try again in a moment.',
    ));
  it('says the server could not be reached', () =>
    expect(failureText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Failed to update timezone')).toBe(
      'Failed to update timezone. The server could not be reached. Check your connection and try again.',
    ));
  it('gives the fallback when there is no answer to read', () => expect(failureText(undefined, 'Registration failed')).toBe('Registration failed'));
});

describe('formFailureText', () => {
  it('points at the marked fields instead of repeating a field message', () => {
    const error = problem(400, 'weight: must be a whole number from 1 to 10', 'validation_failed', [
      { field: 'weight', message: 'must be a whole number from 1 to 10' },
    ]);
    expect(formFailureText(error, 'Failed to create actionable', { weight: 'must be a whole number from 1 to 10' })).toBe(
      'Failed to create actionable. Please check the field marked below.',
    );
  });
  it('does not repeat a sentence shown beside its field', () => {
    const error = problem(400, 'Current password is incorrect', 'validation_failed', [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    expect(formFailureText(error, 'Failed to update profile', { currentPassword: 'Current password is incorrect' })).toBe(
      'Failed to update profile. Please check the field marked below.',
    );
  });
  it('is the failure text when no field is named', () =>
    expect(formFailureText(problem(401, 'Invalid email or password', 'unauthorized'), 'Login failed', {})).toBe('Invalid email or password'));
});

describe('failureWithFields', () => {
  it('tells the failure and each field error with its label in one line', () => {
    const error = problem(400, 'statusSettings.pending.priority: must be a whole number from 1 (first) to 4', 'validation_failed', [
      { field: 'statusSettings.pending.priority', message: 'must be a whole number from 1 (first) to 4' },
    ]);
    expect(failureWithFields(error, 'Failed to update setting', { 'statusSettings.pending.priority': 'Priority of Pending' })).toBe(
      'Failed to update setting. Priority of Pending must be a whole number from 1 (first) to 4.',
    );
  });
  it('is the failure text when no field is named', () =>
    expect(failureWithFields(problem(500, 'An unexpected error occurred', 'internal_error'), 'Failed to update setting', {})).toBe(
      'Failed to update setting. Something went wrong on our side. Please try again in a moment.',
    ));
});
