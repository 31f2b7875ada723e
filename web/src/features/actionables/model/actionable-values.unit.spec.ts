import { describe, expect, it } from 'vitest';
import { anActionable } from '../../../testing/fixtures.ts';
import { blankValues, changedFields, createBody, formProblems, valuesOf } from './actionable-values.ts';

const zone = 'America/New_York';

const item = anActionable({
  description: 'Oat',
  deadline: '2026-12-01T22:00:00.000Z',
  goalId: '9f1c2d3e-0000-4000-8000-00000000a001',
  reminderTime: '08:30',
});

describe('actionable form values', () => {
  it('shows the deadline as a wall-clock time in the user’s zone', () => {
    expect(valuesOf(item, zone)).toMatchObject({ deadline: '2026-12-01T17:00', weight: '2', reminderTime: '08:30', goalId: item.goalId });
  });

  it('creates with only what was filled in, the deadline as an ISO instant', () => {
    expect(createBody(blankValues({ title: 'Buy milk', deadline: '2026-12-01T17:00', reminderTime: '08:30', weight: '4' }), zone, false)).toEqual({
      title: 'Buy milk',
      weight: 4,
      deadline: '2026-12-01T22:00:00.000Z',
      reminderTime: '08:30',
      pointsToBeAwarded: 0,
    });
  });

  it('sends a habit’s recurrence, holding only what its frequency uses, and no fixed points', () => {
    expect(createBody(blankValues({ title: 'Run', frequency: 'weekly', days: [5, 1, 3] }), zone, true)).toEqual({
      title: 'Run',
      weight: 1,
      recurrence: { frequency: 'weekly', days: [1, 3, 5] },
    });
    expect(createBody(blankValues({ title: 'Pay rent', frequency: 'monthly', dayOfMonth: '15' }), zone, true)).toMatchObject({
      recurrence: { frequency: 'monthly', dayOfMonth: 15 },
    });
  });

  it('insists on a weekday for a weekly habit', () => {
    expect(formProblems(blankValues({ title: 'Run', frequency: 'weekly', days: [] }), true)).toEqual({ days: 'Choose at least one weekday' });
    expect(formProblems(blankValues({ title: 'Run', frequency: 'weekly', days: [2] }), true)).toEqual({});
  });

  it('asks for a title', () => {
    expect(formProblems(blankValues({ title: '  ' }), false)).toEqual({ title: 'is required' });
    expect(formProblems(blankValues({ title: 'x'.repeat(201) }), false)).toEqual({ title: 'must be at most 200 characters' });
  });

  it('checks weight, points, reminder, description and deadline by the contract’s ranges before sending', () => {
    expect(
      formProblems(
        blankValues({
          title: 'Buy milk',
          description: 'x'.repeat(5001),
          weight: '11',
          pointsToBeAwarded: '1001',
          reminderTime: '25:00',
          deadline: '0999-01-01T10:00',
        }),
        false,
        zone,
      ),
    ).toEqual({
      description: 'must be at most 5,000 characters',
      weight: 'must be a whole number from 1 to 10',
      pointsToBeAwarded: 'must be a whole number from 0 to 1000',
      reminderTime: 'must be a time of day from 00:00 to 23:59',
      deadline: 'must be a date and time from 1900 to 9999',
    });
    expect(formProblems(blankValues({ title: 'Buy milk', weight: '2.5', pointsToBeAwarded: '' }), false)).toMatchObject({
      weight: 'must be a whole number from 1 to 10',
      pointsToBeAwarded: 'must be a whole number from 0 to 1000',
    });
  });

  it('passes a form the server takes', () => {
    expect(
      formProblems(
        blankValues({ title: 'Buy milk', weight: '10', pointsToBeAwarded: '1000', reminderTime: '23:59', deadline: '2026-11-23T23:59' }),
        false,
        zone,
      ),
    ).toEqual({});
    expect(formProblems(blankValues({ title: 'Pay rent', frequency: 'monthly', dayOfMonth: '31' }), true, zone)).toEqual({});
  });

  it('leaves the fields a habit does not have out of its checks', () => {
    expect(formProblems(blankValues({ title: 'Read', pointsToBeAwarded: 'lots', deadline: 'soon' }), true)).toEqual({});
    expect(formProblems(blankValues({ title: 'Pay rent', frequency: 'monthly', dayOfMonth: '32' }), true)).toEqual({
      dayOfMonth: 'must be a whole number from 1 to 31',
    });
  });

  it('leaves a number the server must refuse for the server to name (not a silent default)', () => {
    expect(JSON.parse(JSON.stringify(createBody(blankValues({ title: 'x', pointsToBeAwarded: 'lots' }), zone, false)))).toMatchObject({
      pointsToBeAwarded: null,
    });
  });

  it('patches only what changed; a cleared deadline, reminder or link is sent as null', () => {
    const before = valuesOf(item, zone);
    expect(changedFields(before, before, zone, false)).toEqual({});
    expect(changedFields(before, { ...before, deadline: '', reminderTime: '', goalId: '', status: 'in-progress', weight: '7' }, zone, false)).toEqual({
      deadline: null,
      reminderTime: null,
      goalId: null,
      status: 'in-progress',
      weight: 7,
    });
  });

  it('patches a habit’s recurrence only when it changed', () => {
    const habit = valuesOf(
      { ...item, isHabit: true, recurrence: { frequency: 'weekly', days: [1, 3], dayOfMonth: null, everyNDays: null, timesPerWeek: null, weekStartsOn: null } },
      zone,
    );
    expect(changedFields(habit, { ...habit, days: [1, 3] }, zone, true)).toEqual({});
    expect(changedFields(habit, { ...habit, days: [1, 3, 5] }, zone, true)).toEqual({ recurrence: { frequency: 'weekly', days: [1, 3, 5] } });
    expect(changedFields(habit, { ...habit, frequency: 'daily' }, zone, true)).toEqual({ recurrence: { frequency: 'daily' } });
  });

  it('creates every N days and N times a week (with the week start), and a habit kept already from its start date', () => {
    const habit = (values: Parameters<typeof blankValues>[0]) => createBody(blankValues({ title: 'Water plants', ...values }), zone, true);
    expect(habit({ frequency: 'everyNDays', everyNDays: '4' })).toMatchObject({ recurrence: { frequency: 'everyNDays', everyNDays: 4 } });
    expect(habit({ frequency: 'timesPerWeek', timesPerWeek: '3', weekStartsOn: 0 })).toMatchObject({
      recurrence: { frequency: 'timesPerWeek', timesPerWeek: 3, weekStartsOn: 0 },
    });
    expect(habit({ startDate: '2026-11-20' })).toMatchObject({ startDate: '2026-11-20' });
    expect(habit({})).not.toHaveProperty('startDate');
    expect(createBody(blankValues({ title: 'x', startDate: '2026-11-20' }), zone, false)).not.toHaveProperty('startDate');
  });

  it('checks N and the start date before sending, in the contract’s words', () => {
    const today = '2026-11-26';
    const problems = (values: Parameters<typeof blankValues>[0]) => formProblems(blankValues({ title: 'Yoga', ...values }), true, zone, today);
    expect(problems({ frequency: 'everyNDays', everyNDays: '0' })).toEqual({ everyNDays: 'must be a whole number from 1 to 365' });
    expect(problems({ frequency: 'everyNDays', everyNDays: '365' })).toEqual({});
    expect(problems({ frequency: 'timesPerWeek', timesPerWeek: '8' })).toEqual({ timesPerWeek: 'must be a whole number from 1 to 7' });
    expect(problems({ startDate: '2026-10-27' })).toEqual({});
    expect(problems({ startDate: '2026-10-26' })).toEqual({ startDate: 'must be from 30 days ago to a year ahead' });
    expect(problems({ startDate: '2026-11-27' }).startDate).toMatch(/^must not be after today/);
    expect(problems({ startDate: '2026-02-30' }).startDate).toBe('must be a real date from 1900 to 9999');
    // Editing never re-checks a start (it cannot be changed): no today given.
    expect(formProblems(blankValues({ title: 'Yoga', startDate: '2020-01-01' }), true, zone)).toEqual({});
  });

  it('patches every N days and N times a week when N changed, keeping the habit’s own week start', () => {
    const perWeek = valuesOf(
      { ...item, isHabit: true, recurrence: { frequency: 'timesPerWeek', days: [], dayOfMonth: null, everyNDays: null, timesPerWeek: 3, weekStartsOn: 0 } },
      zone,
      1,
    );
    expect(perWeek).toMatchObject({ timesPerWeek: '3', weekStartsOn: 0 });
    expect(changedFields(perWeek, perWeek, zone, true)).toEqual({});
    expect(changedFields(perWeek, { ...perWeek, timesPerWeek: '4' }, zone, true)).toEqual({
      recurrence: { frequency: 'timesPerWeek', timesPerWeek: 4, weekStartsOn: 0 },
    });
    const daily = valuesOf({ ...item, isHabit: true }, zone, 6);
    expect(daily.weekStartsOn).toBe(6);
    expect(changedFields(daily, { ...daily, frequency: 'everyNDays', everyNDays: '4' }, zone, true)).toEqual({
      recurrence: { frequency: 'everyNDays', everyNDays: 4 },
    });
  });
});
