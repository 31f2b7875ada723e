import { sql } from 'kysely';
import pg from 'pg';
import { domainEvent } from '@tracker/contracts/events';
import { eventMetadata } from '@tracker/contracts/common/events';
import type { EventStore, StoredEvent, SubscriptionHandle } from '@tracker/eventstore/port';
import { advanceCheckpoint, CheckpointMoved, readCheckpoint, type Checkpoint } from './checkpoints.ts';
import type { ReadModelDbHandle } from './db.ts';
import { handlesEvent, type ProjectedEvent, type Projector } from './projector.ts';

export const PROGRESS_CHANNEL = 'rm_progress';

export interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ProjectionRunnerOptions {
  readModels: ReadModelDbHandle;
  /** Connection string of the read-model database; the advisory locks live on their own sessions. */
  connectionString: string;
  store: EventStore;
  projectors: Projector[];
  batchSize?: number;
  log: RunnerLogger;
  /** How often a standby runner tries to take over a projector (ms). */
  standbyRetryMs?: number;
}

export interface ProjectionRunner {
  stop(): Promise<void>;
  /** Projectors whose lock this runner holds. */
  active(): string[];
}

/** Parse a stored event against the contracts; a projector must not see what it cannot trust. */
export const toProjectedEvent = (stored: StoredEvent): ProjectedEvent => {
  const parsed = domainEvent.parse({ type: stored.type, data: stored.data });
  return {
    ...parsed,
    id: stored.id,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
    metadata: eventMetadata.parse(stored.metadata),
  } as ProjectedEvent;
};

const lockKey = (schema: string, name: string): string => `projection:${schema}:${name}`;

/**
 * Runs each projector from its checkpoint: a batch and the checkpoint's compare-and-set commit in one
 * transaction (exactly-once effect over at-least-once delivery). One active runner per projector,
 * held by a session advisory lock; others stand by and take over when it is released.
 */
export const startProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { readModels, store, log } = options;
  const batchSize = options.batchSize ?? 200;
  const standbyRetryMs = options.standbyRetryMs ?? 2_000;
  const stops: Array<() => Promise<void>> = [];
  const holding = new Set<string>();

  const applyBatch = async (projector: Projector, batch: StoredEvent[], previous: Checkpoint): Promise<string> => {
    const next = batch[batch.length - 1]!.position;
    await readModels.db.transaction().execute(async (trx) => {
      for (const stored of batch) {
        if (!handlesEvent(projector, stored.type)) continue;
        try {
          await projector.apply(trx, toProjectedEvent(stored));
        } catch (error) {
          log.error(
            { projector: projector.name, position: stored.position, type: stored.type, stream: stored.stream, err: error },
            'projection failed; will retry this batch',
          );
          throw error;
        }
      }
      await advanceCheckpoint(trx, projector.name, previous, next);
      await sql`SELECT pg_notify(${PROGRESS_CHANNEL}, ${projector.name})`.execute(trx);
    });
    return next;
  };

  const runProjector = (projector: Projector): (() => Promise<void>) => {
    let stopped = false;
    let lockClient: pg.Client | undefined;
    let subscription: SubscriptionHandle | undefined;
    let timer: NodeJS.Timeout | undefined;

    const release = async (): Promise<void> => {
      holding.delete(projector.name);
      const client = lockClient;
      lockClient = undefined;
      await client?.end().catch(() => undefined);
    };

    const restart = (delay: number): void => {
      if (stopped) return;
      timer = setTimeout(() => void attempt(), delay);
    };

    const attempt = async (): Promise<void> => {
      if (stopped) return;
      try {
        const client = new pg.Client({ connectionString: options.connectionString, application_name: `projector:${projector.name}` });
        client.on('error', () => undefined);
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [
          lockKey(readModels.schema, projector.name),
        ]);
        if (!rows[0]?.locked || stopped) {
          await client.end();
          restart(standbyRetryMs);
          return;
        }
        lockClient = client;
        holding.add(projector.name);
        // The session dies → the lock is gone; step back and compete for it again.
        client.on('end', () => {
          if (stopped || lockClient !== client) return;
          log.warn({ projector: projector.name }, 'lost the projector lock; standing by');
          void subscription?.stop();
          void release().then(() => restart(standbyRetryMs));
        });
        let checkpoint = await readCheckpoint(readModels.db, projector.name);
        log.info({ projector: projector.name, checkpoint }, 'projector started');
        subscription = store.subscribe(
          checkpoint,
          async (batch) => {
            checkpoint = await applyBatch(projector, batch, checkpoint);
          },
          {
            batchSize,
            onError: (error, attempts) => {
              if (error instanceof CheckpointMoved) {
                log.warn({ projector: projector.name }, 'checkpoint moved by another runner; restarting');
                const current = subscription;
                void current?.stop().then(release).then(() => restart(0));
                return;
              }
              log.error({ projector: projector.name, attempts, err: error }, 'projector batch failed; backing off');
            },
          },
        );
      } catch (error) {
        log.error({ projector: projector.name, err: error }, 'projector could not start; retrying');
        await release();
        restart(standbyRetryMs);
      }
    };

    void attempt();
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await subscription?.stop();
      await release();
    };
  };

  for (const projector of options.projectors) stops.push(runProjector(projector));

  return {
    active: () => [...holding],
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
};
