import { describe, expect, it } from 'vitest';
import { otherFieldMessages } from '../../../components/form/form-errors.ts';
import { actionableFieldLabels, shownFields } from './actionable-fields.ts';

describe('the actionable form’s field errors', () => {
  it('shows an actionable’s deadline and points beside their fields, and its status only when editing', () => {
    expect(shownFields({ mode: 'create', habit: false, frequency: 'daily' })).toEqual(expect.arrayContaining(['deadline', 'pointsToBeAwarded']));
    expect(shownFields({ mode: 'create', habit: false, frequency: 'daily' })).not.toContain('status');
    expect(shownFields({ mode: 'edit', habit: false, frequency: 'daily' })).toContain('status');
  });

  it('shows a habit’s weekdays or day of the month only with the frequency that has them', () => {
    expect(shownFields({ mode: 'create', habit: true, frequency: 'weekly' })).toContain('recurrence.days');
    expect(shownFields({ mode: 'create', habit: true, frequency: 'weekly' })).not.toContain('recurrence.dayOfMonth');
    expect(shownFields({ mode: 'create', habit: true, frequency: 'monthly' })).toContain('recurrence.dayOfMonth');
    expect(shownFields({ mode: 'create', habit: true, frequency: 'monthly' })).not.toContain('deadline');
    expect(shownFields({ mode: 'create', habit: true, frequency: 'everyNDays' })).toContain('recurrence.everyNDays');
    expect(shownFields({ mode: 'edit', habit: true, frequency: 'timesPerWeek' })).toContain('recurrence.timesPerWeek');
  });

  it('shows a new habit’s start date beside its field; an edit has none', () => {
    expect(shownFields({ mode: 'create', habit: true, frequency: 'daily' })).toContain('startDate');
    expect(shownFields({ mode: 'edit', habit: true, frequency: 'daily' })).not.toContain('startDate');
    expect(shownFields({ mode: 'create', habit: false, frequency: 'daily' })).not.toContain('startDate');
  });

  it('lists the errors of fields the form does not show with the form’s labels, never the raw keys', () => {
    const shown = shownFields({ mode: 'create', habit: false, frequency: 'daily' });
    const lines = otherFieldMessages(
      {
        weight: 'must be a whole number from 1 to 10',
        status: 'must be one of pending, in-progress, completed, not-approached',
        'recurrence.days': 'must hold at most 7 weekdays',
      },
      shown,
      actionableFieldLabels,
    );
    expect(lines).toEqual(['Status is not one of the choices', 'Weekdays must hold at most 7 weekdays']);
    expect(lines.join(' ')).not.toMatch(/recurrence\.|pointsToBeAwarded|status:/);
  });
});
