import type { Goal, WorkItemStatus } from '@tracker/contracts/goals/http';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import type { ChipTone } from '../../../components/item-facts/item-facts.tsx';

/** The fields goals, tasks and subtasks share. */
export type WorkItem = Goal;

export const statusLabels: Record<WorkItemStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
};

export const priorityNames: Record<number, string> = { 1: 'Highest', 2: 'High', 3: 'Medium', 4: 'Low', 5: 'Lowest' };

export const priorityLabel = (priority: number): string => `P${priority} · ${priorityNames[priority] ?? ''}`.replace(/ · $/, '');

/** The top three priorities stand out; the lower ones are plain. */
const priorityTones: Partial<Record<number, ChipTone>> = { 1: 'danger', 2: 'warning', 3: 'primary' };

export const priorityTone = (priority: number): ChipTone | undefined => priorityTones[priority];

export const kindLabels: Record<WorkItemKind, string> = { goal: 'Goal', task: 'Task', subtask: 'Subtask' };

/** The heading level of an item's title, and of the section that lists its kind inside its parent. */
export const headingTags = { goal: 'h3', task: 'h4', subtask: 'h5' } as const;

/** Awards minus revocations (spec.md §3 pointsHistory); a goal's includes its tasks' and subtasks'. */
export const pointsTotal = (item: Pick<WorkItem, 'pointsHistory'>): number => item.pointsHistory.reduce((sum, entry) => sum + entry.points, 0);

// Dates are picked as calendar days and stored as midnight UTC, so they are shown in UTC: no day shifts.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const parsed = (iso: string | null): Date | undefined => {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export const formatDay = (iso: string | null): string | undefined => {
  const date = parsed(iso);
  return date && dayFormat.format(date);
};

export const formatMoment = (iso: string | null): string | undefined => {
  const date = parsed(iso);
  return date && momentFormat.format(date);
};

/** The value of an <input type="date"> for a stored instant. */
export const dayInputValue = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

const localToday = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export const isOverdue = (item: Pick<WorkItem, 'dueDate' | 'status'>): boolean =>
  item.status !== 'completed' && item.dueDate !== null && dayInputValue(item.dueDate) < localToday();

/** 'goal "Run a marathon"': how buttons and fields name the item they act on. */
export const itemName = (kind: WorkItemKind, title: string): string => `${kind} ${title}`;
