import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventMetadata } from '@tracker/contracts/common/events';
import { encodeEvent } from '@tracker/contracts/event-codec';
import type { DomainEventType, EventOf } from '@tracker/contracts/events';
import { encodePosition } from '@tracker/eventstore/postgres/positions';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { createReadModelDb, type ReadModelDbHandle, type ReadModels } from '../db.ts';
import type { TableKey } from '../feature.ts';
import { tablesByProjector } from '../features.ts';
import { migrateReadModels } from '../migrate.ts';
import { toProjectedEvent } from '../projected-event.ts';
import { handlesEvent, type ProjectedEvent, type Projector } from '../projector.ts';

/** Who caused an event and when (an ISO instant); day-sensitive events add the user's zone and local date. */
export type EventContext = Pick<EventMetadata, 'userId' | 'timezone' | 'localDate'> & { at: string };

let logPosition = 0n;

const isOfType = <T extends DomainEventType>(event: ProjectedEvent, type: T): event is ProjectedEvent<T> => event.type === type;

/**
 * An event as a projector receives it: checked and versioned as every writer does, then decoded as the
 * runner does, so a spec cannot feed a projector what the log could never hold.
 */
export const projectedEvent = <T extends DomainEventType>(type: T, data: EventOf<T>['data'], context: EventContext): ProjectedEvent<T> => {
  const { at, ...who } = context;
  logPosition += 1n;
  const event = toProjectedEvent({
    ...encodeEvent({ type, data }),
    id: randomUUID(),
    metadata: { ...who, correlationId: randomUUID(), occurredAt: at },
    stream: `spec-${randomUUID()}`,
    // Increasing as in a stream (a habit's completions are ordered by their revision).
    revision: logPosition,
    position: encodePosition({ transactionId: 1n, position: logPosition }),
    createdAt: new Date(at),
  });
  if (!isOfType(event, type)) throw new Error(`${type} decoded as ${event.type}`);
  return event;
};

/** Rows expected in each table named; a table left out is not looked at. */
export type ExpectedRows = { [Table in keyof ReadModels]?: Selectable<ReadModels[Table]>[] };

// Rows are compared in the order of a key (one column, or several) that every expected row states, whatever order they came in.
// Every table has a key: features.ts does not compile while a table is owned by no feature.
const keyOf = Object.assign({ projection_checkpoints: 'name' }, ...Object.values(tablesByProjector)) as {
  readonly [Table in keyof ReadModels]: TableKey<Table>;
};

const byKey = (key: string | readonly string[]) => {
  const of = (row: object): string => (typeof key === 'string' ? [key] : key).map((column) => String(Reflect.get(row, column))).join(' ');
  return (a: object, b: object): number => of(a).localeCompare(of(b));
};

export interface ProjectorSpecOutcome {
  /** The tables named hold exactly these rows (any order). */
  then(expected: ExpectedRows): Promise<void>;
  /** Applying the events fails (the runner would stop there and retry, never skip). */
  thenFails(error?: string | RegExp | (new (...args: never[]) => Error)): Promise<void>;
}

export interface ProjectorSpecGiven extends ProjectorSpecOutcome {
  when(events: readonly ProjectedEvent[]): ProjectorSpecOutcome;
}

/**
 * given/when/then for a projector against a real, migrated read-model schema (one database per spec
 * file, on the test run's PostgreSQL). Each case runs in a transaction that is rolled back afterwards,
 * so cases start from empty tables and cannot see each other. Like the runner, it hands the projector
 * only the events it handles.
 *
 *   const given = projectorSpec(goalsProjection);
 *   it('removes a deleted goal', () =>
 *     given([goalCreated(alice, { goalId })]).when([goalDeleted(alice, { goalId })]).then({ goals: [] }));
 */
export const projectorSpec = (projector: Projector): ((events?: readonly ProjectedEvent[]) => ProjectorSpecGiven) => {
  let readModels: ReadModelDbHandle | undefined;
  beforeAll(async () => {
    readModels = createReadModelDb(await createTestDatabase('projector_spec'), 'rm', 2);
    await migrateReadModels(readModels);
  });
  afterAll(async () => {
    await readModels?.destroy();
  });

  const project = async (
    given: readonly ProjectedEvent[],
    when: readonly ProjectedEvent[],
    check: (trx: ReadModelDbHandle['db']) => Promise<void>,
  ): Promise<void> => {
    if (!readModels)
      throw new Error('projectorSpec: the read-model database is not ready (call projectorSpec in a spec file or a describe block, not inside a test)');
    const handledOf = (events: readonly ProjectedEvent[]) => events.filter((event) => handlesEvent(projector, event.type));
    const [handledGiven, handledWhen] = [handledOf(given), handledOf(when)];
    const handled = [...handledGiven, ...handledWhen];
    const batch = projector.applyBatch?.bind(projector);
    // One by one, as `apply`; and, for a projector that coalesces, all as one batch, and `given` in a
    // batch before `when` in another (rows written before, changed by a later batch): the same rows each way.
    const passes: Array<(trx: Transaction<ReadModels>) => Promise<void>> = [
      async (trx) => {
        for (const event of handled) await projector.apply(trx, event);
      },
      ...(batch ? [(trx: Transaction<ReadModels>) => batch(trx, handled)] : []),
      ...(batch && handledGiven.length > 0 && handledWhen.length > 0
        ? [
            async (trx: Transaction<ReadModels>) => {
              await batch(trx, handledGiven);
              await batch(trx, handledWhen);
            },
          ]
        : []),
    ];
    for (const pass of passes) {
      const trx = await readModels.db.startTransaction().execute();
      try {
        await pass(trx);
        await check(trx);
      } finally {
        await trx.rollback().execute();
      }
    }
  };

  const outcome = (given: readonly ProjectedEvent[], when: readonly ProjectedEvent[] = []): ProjectorSpecOutcome => ({
    then: (expected) =>
      project(given, when, async (db) => {
        // Object.entries forgets the keys' type.
        for (const [table, rows] of Object.entries(expected) as Array<[keyof ReadModels, object[]]>) {
          const actual: object[] = await db.selectFrom(table).selectAll().execute();
          expect(actual.sort(byKey(keyOf[table])), `rows of ${table}`).toEqual([...rows].sort(byKey(keyOf[table])));
        }
      }),
    thenFails: async (error) => {
      await expect(project(given, when, async () => undefined)).rejects.toThrow(error);
    },
  });

  return (given = []) => ({
    ...outcome(given),
    when: (events) => outcome(given, events),
  });
};
