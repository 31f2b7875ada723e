import { calendarDay, maxLength, problemsOf, required, type Problems } from '../../../components/form/field-checks.ts';
import type { FieldLabels } from '../../../components/form/form-errors.ts';

/** The profile forms' labels by the server's field key. */
export const profileFieldLabels: FieldLabels = {
  name: 'Name',
  timezone: 'Time zone',
  dateOfBirth: 'Date of birth',
  currentPassword: 'Current password',
  newPassword: 'New password',
};

export interface ProfileValues {
  name: string;
  dateOfBirth: string;
}

/** The profile contract's rules: a name of 1–100 characters; a date of birth, when given, a real day not after today. */
export const profileProblems = ({ name, dateOfBirth }: ProfileValues, today: string): Problems<keyof ProfileValues> =>
  problemsOf({
    name: required(name) ?? maxLength(name.trim(), 100),
    dateOfBirth: dateOfBirth === '' ? undefined : calendarDay(dateOfBirth, today),
  });
