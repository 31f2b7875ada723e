import { Kysely, PostgresDialect, type ColumnType, type Migration } from 'kysely';
import pg from 'pg';
import { PreparingClient } from './db.ts';
import * as operationalState from '../migrations/ops/2026-11-23-0001_operational_state.ts';
import * as actionableLinks from '../migrations/ops/2026-11-23-0002_actionable_links.ts';
import * as streamSnapshots from '../migrations/ops/2026-11-23-0003_stream_snapshots.ts';
import * as partitionedCheckpoints from '../migrations/ops/2026-11-27-0004_partitioned_checkpoints.ts';
import * as webhooks from '../migrations/ops/2026-11-27-0005_webhooks.ts';
import * as apiTokens from '../migrations/ops/2026-11-27-0006_api_tokens.ts';
import * as reminderMails from '../migrations/ops/2026-11-27-0007_reminder_mails.ts';
import * as advanceCheckpointsFunction from '../migrations/ops/2026-11-27-0008_advance_checkpoints_function.ts';
import type { ApiTokensTable } from './api-tokens/api-tokens.tables.ts';
import type { ProjectionCheckpointsTable } from './db.ts';
import type { ReminderMailsTable } from './reminders/reminders.tables.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from './webhooks/webhooks.tables.ts';
import { pgConnectionOptions } from '@tracker/eventstore/pg-connection-options';

/**
 * Operational state: what is not derived from the log alone — reactors' checkpoints and state (their
 * effects happened), rate-limit counters (they count requests). It lives beside the read models but
 * outside their schema, so rebuilding read models never swaps or replays it.
 */
export interface RateLimitHitsTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: number;
}

export interface CascadeItemsTable {
  id: string;
  kind: 'goal' | 'task' | 'subtask';
  user_id: string;
  goal_id: string | null;
  task_id: string | null;
  /** The event that deleted it (its own deletion or a parent's): children are deleted once, by that cause. */
  deleted_by: string | null;
}

/** The unlink reactor's view: which goal, task and subtask each live actionable points at. */
export interface ActionableLinksTable {
  actionable_id: string;
  user_id: string;
  goal_id: string | null;
  task_id: string | null;
  subtask_id: string | null;
}

/** Command-side state as of a stream revision (see services/api/src/commands/snapshots.ts). */
export interface StreamSnapshotsTable {
  stream: string;
  schema: string;
  /** bigint: pg hands it back as a string. */
  revision: ColumnType<string, string, string>;
  state: ColumnType<unknown, string, string>;
  taken_at: ColumnType<Date, never, Date>;
}

export interface OperationalTables {
  projection_checkpoints: ProjectionCheckpointsTable;
  rate_limit_hits: RateLimitHitsTable;
  cascade_items: CascadeItemsTable;
  actionable_links: ActionableLinksTable;
  stream_snapshots: StreamSnapshotsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_tokens: ApiTokensTable;
  reminder_mails: ReminderMailsTable;
}

export type OpsDb = Kysely<OperationalTables>;

export const OPS_SCHEMA = 'ops';

export const opsMigrations: Record<string, Migration> = {
  '2026-11-23-0001_operational_state': operationalState,
  '2026-11-23-0002_actionable_links': actionableLinks,
  '2026-11-23-0003_stream_snapshots': streamSnapshots,
  '2026-11-27-0004_partitioned_checkpoints': partitionedCheckpoints,
  '2026-11-27-0005_webhooks': webhooks,
  '2026-11-27-0006_api_tokens': apiTokens,
  '2026-11-27-0007_reminder_mails': reminderMails,
  '2026-11-27-0008_advance_checkpoints_function': advanceCheckpointsFunction,
};

export interface OpsDbHandle {
  db: OpsDb;
  pool: pg.Pool;
  schema: string;
  destroy(): Promise<void>;
}

export const createOpsDb = (connectionString: string, schema = OPS_SCHEMA, poolSize = 5): OpsDbHandle => {
  const pool = new pg.Pool({
    // Named statements too (db.ts): the runner's checkpoint statement, for the reactors' lanes.
    Client: PreparingClient,
    connectionString,
    max: poolSize,
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'operational-state',
    ...pgConnectionOptions,
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const base = new Kysely<OperationalTables>({ dialect: new PostgresDialect({ pool }) });
  return { db: base.withSchema(schema), pool, schema, destroy: () => base.destroy() };
};
