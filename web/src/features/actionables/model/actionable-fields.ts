import type { Frequency } from '@tracker/contracts/actionables/http';
import type { FieldLabels } from '../../../components/form/form-errors.ts';

/** The create and edit forms' labels by the server's field key: what a field error is led by. */
export const actionableFieldLabels: FieldLabels = {
  title: 'Title',
  description: 'Description',
  weight: 'Weight',
  deadline: 'Deadline',
  reminderTime: 'Reminder time',
  pointsToBeAwarded: 'Points to award',
  status: 'Status',
  goalId: 'Goal',
  taskId: 'Task',
  subtaskId: 'Subtask',
  isHabit: 'Habit',
  active: 'Active',
  recurrence: 'Repeats',
  'recurrence.frequency': 'Repeats',
  'recurrence.days': 'Weekdays',
  'recurrence.dayOfMonth': 'Day of the month',
  'recurrence.everyNDays': 'Every how many days',
  'recurrence.timesPerWeek': 'Times a week',
  'recurrence.weekStartsOn': 'Week starts on',
  startDate: 'Started on',
};

export interface ShownFieldsOf {
  mode: 'create' | 'edit';
  habit: boolean;
  frequency: Frequency;
}

/** The server's field keys the form shows a message beside; errors for any other field are listed above the form. */
export const shownFields = ({ mode, habit, frequency }: ShownFieldsOf): string[] => [
  'title',
  'description',
  'weight',
  'reminderTime',
  'goalId',
  'taskId',
  'subtaskId',
  ...(habit ? ['recurrence.frequency'] : ['deadline', 'pointsToBeAwarded']),
  ...(habit && frequency === 'weekly' ? ['recurrence.days'] : []),
  ...(habit && frequency === 'monthly' ? ['recurrence.dayOfMonth'] : []),
  ...(habit && frequency === 'everyNDays' ? ['recurrence.everyNDays'] : []),
  ...(habit && frequency === 'timesPerWeek' ? ['recurrence.timesPerWeek'] : []),
  ...(mode === 'create' && habit ? ['startDate'] : []),
  ...(mode === 'edit' && !habit ? ['status'] : []),
];
