import pg from 'pg';
import { pgConnectionOptions } from '@tracker/eventstore/pg-connection-options';

export type LaneIdentity = { name: string; db: { schema: string } };

/**
 * A lane's session, named `projector:<schema>.<lane> <partitions held, or -> pid <pid>`, so
 * pg_stat_activity tells which worker holds which partitions and how many runners share the lane.
 */
const sessionPrefix = (lane: LaneIdentity): string => `projector:${lane.db.schema}.${lane.name} `;
const sessionName = (lane: LaneIdentity, held: ReadonlySet<number>): string =>
  `${sessionPrefix(lane)}${held.size === 0 ? '-' : [...held].sort((a, b) => a - b).join(',')} pid ${process.pid}`;
const partitionLockKey = (lane: LaneIdentity, partition: number): string => `projection:${lane.db.schema}:${lane.name}:${partition}`;

/** The lane's session, on a connection of its own: it holds the locks of the lane's partitions. */
export const openLaneSession = async (connectionString: string, lane: LaneIdentity): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString, application_name: sessionName(lane, new Set()), ...pgConnectionOptions });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

/** Every runner's session of the lane (this one's included) and the partitions each says it holds. */
export const laneSessions = async (client: pg.Client, lane: LaneIdentity): Promise<Array<{ mine: boolean; partitions: number[] }>> => {
  const prefix = sessionPrefix(lane);
  const { rows } = await client.query<{ mine: boolean; name: string }>(
    // pg_stat_activity lists the whole cluster: runners of another database (another deployment, or
    // another test's) use the same lane names and must not count as sharers of this one's partitions.
    'SELECT pid = pg_backend_pid() AS mine, application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND left(application_name, length($1)) = $1',
    [prefix],
  );
  return rows.map(({ mine, name }) => {
    const held = name.slice(prefix.length).split(' ')[0] ?? '-';
    return { mine, partitions: held === '-' ? [] : held.split(',').map(Number) };
  });
};

export const tryLock = async (client: pg.Client, lane: LaneIdentity, partition: number): Promise<boolean> => {
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [partitionLockKey(lane, partition)]);
  return rows[0]?.locked === true;
};

export const unlock = async (client: pg.Client, lane: LaneIdentity, partition: number): Promise<void> => {
  await client.query('SELECT pg_advisory_unlock(hashtext($1))', [partitionLockKey(lane, partition)]);
};

export const advertise = async (client: pg.Client, lane: LaneIdentity, held: ReadonlySet<number>): Promise<void> => {
  await client.query("SELECT set_config('application_name', $1, false)", [sessionName(lane, held)]);
};
