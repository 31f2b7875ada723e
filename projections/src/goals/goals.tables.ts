import type { Insertable, Updateable } from 'kysely';
import type { WorkItemStatus } from '@tracker/contracts/goals/http';
import type { Timestamp } from '../db.ts';

/** The columns goals, tasks and subtasks share: one row per live item; a deleted item leaves none. */
export interface WorkItemColumns {
  id: string;
  user_id: string;
  title: string;
  description: string;
  priority: number;
  status: WorkItemStatus;
  last_status_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  due_date: Timestamp | null;
  start_date: Timestamp | null;
  end_date: Timestamp | null;
}

export type GoalsTable = WorkItemColumns;
export interface TasksTable extends WorkItemColumns {
  goal_id: string;
}
export interface SubtasksTable extends WorkItemColumns {
  task_id: string;
  goal_id: string;
}

export interface GoalsReadModels {
  goals: GoalsTable;
  tasks: TasksTable;
  subtasks: SubtasksTable;
}

// The read models include these tables (the feature file names GoalsReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends GoalsReadModels {}
}

/** What the projectors write, the same whatever the kind (a kind adds its links to its parents). */
export type NewWorkItemRow = Insertable<WorkItemColumns>;
export type WorkItemRowUpdate = Updateable<WorkItemColumns>;
