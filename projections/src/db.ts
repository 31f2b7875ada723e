import { Kysely, PostgresDialect, type ColumnType, type Selectable } from 'kysely';
import pg from 'pg';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface ProjectionCheckpointsTable {
  name: string;
  position: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  timezone: string;
  is_active: boolean;
  email_verified: boolean;
  last_active: Timestamp | null;
  subscription_status: 'inactive' | 'trial' | 'active' | 'cancelled';
  total_logins: number;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  trial_start_date: Timestamp | null;
  subscription_date: Timestamp | null;
  password_changed_at: Timestamp | null;
}
export type UserRow = Selectable<UsersTable>;

export interface RateLimitHitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

interface WorkItemColumns {
  id: string;
  user_id: string;
  title: string;
  description: string;
  priority: number;
  status: 'pending' | 'in-progress' | 'completed';
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
export type GoalRow = Selectable<GoalsTable>;
export type TaskRow = Selectable<TasksTable>;
export type SubtaskRow = Selectable<SubtasksTable>;

export interface PointsLedgerTable {
  event_id: string;
  user_id: string;
  points: number;
  kind: 'award' | 'revoke';
  reason: string;
  title: string;
  source_type: string;
  source_id: string;
  goal_id: string | null;
  task_id: string | null;
  subtask_id: string | null;
  actionable_id: string | null;
  rules_version: number | null;
  occurred_at: Timestamp;
  local_date: ColumnType<string, string, string>;
}

export interface UserPointsTable {
  user_id: string;
  total: number;
  updated_at: Timestamp;
}

export interface ActivitiesTable {
  event_id: string;
  user_id: string;
  type: string;
  entity_type: string;
  entity_id: string;
  title: string;
  description: string;
  points: number | null;
  occurred_at: Timestamp;
}

export interface ReadModels {
  projection_checkpoints: ProjectionCheckpointsTable;
  users: UsersTable;
  rate_limit_hits: RateLimitHitsTable;
  goals: GoalsTable;
  tasks: TasksTable;
  subtasks: SubtasksTable;
  points_ledger: PointsLedgerTable;
  user_points: UserPointsTable;
  activities: ActivitiesTable;
}

export type ReadModelDb = Kysely<ReadModels>;

// DATE columns stay 'YYYY-MM-DD' strings: a calendar date has no time zone to shift.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface ReadModelDbHandle {
  db: ReadModelDb;
  pool: pg.Pool;
  schema: string;
  destroy(): Promise<void>;
}

/** Kysely over the read-model schema (`rm` unless told): every query and migration is bound to it. */
export const createReadModelDb = (connectionString: string, schema = 'rm', poolSize = 10): ReadModelDbHandle => {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'read-models',
  });
  // A dropped connection fails the query using it; it must not also crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const base = new Kysely<ReadModels>({ dialect: new PostgresDialect({ pool }) });
  return { db: base.withSchema(schema), pool, schema, destroy: () => base.destroy() };
};
