import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import { dayInputValue, type WorkItem } from './work-item-format.ts';

/** What the form edits: dates as <input type="date"> values ('' when unset). */
export interface WorkItemValues {
  title: string;
  description: string;
  priority: number;
  status: WorkItemStatus;
  dueDate: string;
  startDate: string;
  endDate: string;
  goalId: string;
}

export const valuesOf = (item: WorkItem & { goalId?: string }): WorkItemValues => ({
  title: item.title,
  description: item.description,
  priority: item.priority,
  status: item.status,
  dueDate: dayInputValue(item.dueDate),
  startDate: dayInputValue(item.startDate),
  endDate: dayInputValue(item.endDate),
  goalId: item.goalId ?? '',
});

export const blankValues: WorkItemValues = {
  title: '',
  description: '',
  priority: 3,
  status: 'pending',
  dueDate: '',
  startDate: '',
  endDate: '',
  goalId: '',
};

/** A create body: only what was filled in; the server's defaults do the rest. */
export const createFields = (values: WorkItemValues) => ({
  title: values.title,
  priority: values.priority,
  ...(values.description.trim() ? { description: values.description } : {}),
  ...(values.dueDate ? { dueDate: values.dueDate } : {}),
});

/** A PATCH body: only the fields that changed; a cleared date is sent as null. */
export const changedFields = (before: WorkItemValues, after: WorkItemValues) => {
  const date = (key: 'dueDate' | 'startDate' | 'endDate') => (after[key] === before[key] ? {} : { [key]: after[key] || null });
  return {
    ...(after.title !== before.title ? { title: after.title } : {}),
    ...(after.description !== before.description ? { description: after.description } : {}),
    ...(after.priority !== before.priority ? { priority: after.priority } : {}),
    ...(after.status !== before.status ? { status: after.status } : {}),
    ...date('dueDate'),
    ...date('startDate'),
    ...date('endDate'),
    ...(after.goalId && after.goalId !== before.goalId ? { goalId: after.goalId } : {}),
  };
};
