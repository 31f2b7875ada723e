import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@tracker/contracts/messages';
import { Conflict } from '@tracker/domain/common/errors';
import { type Decider, type Recorded } from '@tracker/domain/common/decider';
import type { Clock } from '@tracker/domain/time/local-date';
import { WrongExpectedVersion, type EventStore, type ExpectedRevision, type NewEvent, type Position } from '@tracker/eventstore/port';
import { decodeEvent as decodeStored } from '@tracker/contracts/event-codec';
import { mayHold } from './event-id-filter.ts';
import { newestOf, nextSnapshot, SNAPSHOT_EVERY, startOf } from './snapshot-policy.ts';
import type { RetryId, Snapshot, SnapshotStore } from './snapshots.ts';

/** Who and when: everything a command needs from the request, passed in, never read inside. */
export interface CommandContext {
  userId: string;
  requestId: string;
  /** The event that caused this command, when a reactor runs it; the request otherwise. */
  causationId?: string | undefined;
  now: Date;
  idempotencyKey?: string | undefined;
  /** The user's clock (instant, zone, today there), computed once per request; recorded with the events. */
  clock?: Clock | undefined;
}

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** Where the appended events landed; undefined when the decider decided nothing. */
  position?: Position;
}

type AnyEvent = { type: string; data: unknown };

const MAX_ATTEMPTS = 5;

/**
 * A stream belongs to one aggregate, and only its decider's commands append to it (checked against the
 * contracts on write, decoded on read): what the stream gives back is that decider's event type.
 */
const writtenByDecider = <Event>(event: Recorded<AnyEvent>): event is Recorded<AnyEvent> & Recorded<Event> => event.type.length > 0;

/** A UUID derived from its inputs, so a retried request names its events exactly as the first try did. */
export const derivedUuid = (...parts: string[]): string => {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export interface ExecuteOptions<State> {
  /**
   * What must hold beyond this stream before deciding (e.g. the item's parents are live), given the
   * state just loaded — so the stream is read once for both. Runs on the first load only.
   */
  check?: (state: State) => Promise<void>;
  /**
   * The stream is new as far as the caller knows (a creation under an id it just made): decide from
   * the initial state and append expecting no stream, without reading it first. Should the stream
   * exist after all — a retried creation, or another command's stream — the append says so and the
   * command runs as usual from what the stream holds.
   */
  newStream?: boolean;
}

export interface CommandHandler {
  /**
   * Load the stream, decide, append at the revision it was loaded at; on a concurrent write, load
   * and decide again (a few times) before answering 409.
   */
  execute<Command, Event extends AnyEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    /** Or the command still in the making (a read of its own): made while the stream is read, one round trip for both. */
    command: Command | Promise<Command>,
    context: CommandContext,
    options?: ExecuteOptions<State>,
  ): Promise<CommandResult<State, Event>>;
  load<Command, Event extends AnyEvent, State>(decider: Decider<Command, Event, State>, stream: string): Promise<{ state: State; exists: boolean }>;
}

/**
 * Long streams are read from a snapshot (snapshot-policy.ts): a command starts from the newest state
 * kept, at most about SNAPSHOT_EVERY events behind the head, and reads the events after it. A retried
 * request is recognised at any age, on every event store, by the handler itself: its first event id
 * is looked for among the snapshot's recent keyed appends (the command then starts from the state
 * before it), in the events read after the snapshot, and in a filter of the first ids of the keyed
 * appends before the snapshot's base (event-id-filter.ts); where that filter may hold the id, the
 * whole stream is read instead. (The store alone would not do: EventStoreDB looks for a retry's ids
 * only right after the expected revision, and a retry decided afresh would be appended at the head
 * again.)
 */
export { SNAPSHOT_EVERY, SNAPSHOT_LAG } from './snapshot-policy.ts';

interface TailEvent<Event> {
  id: string;
  revision: bigint;
  event: Recorded<Event>;
  /** The request that appended it, when it carried an Idempotency-Key. */
  keyed?: { userId: string; idempotencyKey: string } | undefined;
}

interface Loaded<State, Event> {
  state: State;
  /** The events read after the state started from (all of them without a snapshot), with ids and revisions. */
  tail: Array<TailEvent<Event>>;
  /** The revision of the state started from; -1 without a snapshot. */
  snapshotAt: bigint;
  snapshotState: State;
  /** The snapshot started from (undefined: the whole stream was read). */
  snapshot: Snapshot | undefined;
}

const keyedBy = (metadata: Record<string, unknown>): TailEvent<unknown>['keyed'] =>
  typeof metadata.userId === 'string' && typeof metadata.idempotencyKey === 'string'
    ? { userId: metadata.userId, idempotencyKey: metadata.idempotencyKey }
    : undefined;

export const createCommandHandler = (deps: { store: EventStore; snapshots?: SnapshotStore | undefined }): CommandHandler => {
  const { store, snapshots } = deps;

  const readRecorded = async <Event>(stream: string, fromRevision: bigint) => {
    const events: Array<TailEvent<Event>> = [];
    for await (const stored of store.readStream(stream, { fromRevision })) {
      const parsed = decodeStored({ type: stored.type, version: stored.version, data: stored.data });
      const occurredAt = typeof stored.metadata.occurredAt === 'string' ? stored.metadata.occurredAt : stored.createdAt.toISOString();
      const event: Recorded<AnyEvent> = { type: parsed.type, data: parsed.data, occurredAt };
      if (writtenByDecider<Event>(event)) events.push({ id: stored.id, revision: stored.revision, event, keyed: keyedBy(stored.metadata) });
    }
    return events;
  };

  /**
   * The snapshot's newest state (unless `fromSnapshot` is false) and the events after it. `retryOf`:
   * the first event id of a keyed request; when it is one of the snapshot's recent ones, the state
   * before it is started from, and when the snapshot's filter may cover it, the whole stream is read
   * instead, so that a retry is found in the tail like any other.
   */
  const loadStream = async <Command, Event extends AnyEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    { fromSnapshot = true, retryOf }: { fromSnapshot?: boolean; retryOf?: string | undefined } = {},
  ): Promise<Loaded<State, Event>> => {
    const kept = fromSnapshot && decider.snapshotSchema && snapshots ? await snapshots.load(stream, decider.snapshotSchema) : undefined;
    const snapshot = kept && !(retryOf !== undefined && mayHold(kept.retryIds, retryOf)) ? kept : undefined;
    const start = snapshot ? startOf(snapshot, retryOf) : undefined;
    const snapshotState = start ? (start.state as State) : decider.initialState();
    const snapshotAt = start?.revision ?? -1n;
    const tail = await readRecorded<Event>(stream, snapshotAt + 1n);
    return {
      state: tail.reduce((state, e) => decider.evolve(state, e.event), snapshotState),
      tail,
      snapshotAt,
      snapshotState,
      snapshot: start ? snapshot : undefined,
    };
  };

  /** The first ids of the keyed appends among `events` (an id derived from its request's key at index 0), with their revisions. */
  const retryIdsOf = (stream: string, events: ReadonlyArray<TailEvent<unknown>>): RetryId[] =>
    events.filter((e) => e.keyed && e.id === derivedUuid(e.keyed.userId, e.keyed.idempotencyKey, stream, '0')).map((e) => ({ id: e.id, revision: e.revision }));

  /**
   * After an append that left the stream at `head` with `state` (the command's own result, as a
   * replay folds it): that state kept, when the newest kept is SNAPSHOT_EVERY events behind
   * (snapshot-policy.ts). `appended`: the append's first id when it was keyed.
   */
  const maybeSnapshot = async <State>(
    decider: Pick<Decider<never, never, State>, 'snapshotSchema'>,
    stream: string,
    loaded: Pick<Loaded<State, unknown>, 'tail' | 'snapshot'>,
    state: State,
    head: bigint,
    appended: RetryId | undefined,
  ): Promise<void> => {
    const newest = newestOf(loaded.snapshot);
    if (!decider.snapshotSchema || !snapshots || head - newest < BigInt(SNAPSHOT_EVERY)) return;
    const retryIds = [...retryIdsOf(stream, loaded.tail).filter((id) => id.revision > newest), ...(appended ? [appended] : [])];
    const next = nextSnapshot(loaded.snapshot, head, state, retryIds);
    if (next) await snapshots.save(stream, decider.snapshotSchema, next);
  };

  return {
    async load(decider, stream) {
      const { state, tail, snapshotAt } = await loadStream(decider, stream);
      return { state, exists: snapshotAt >= 0n || tail.length > 0 };
    },

    async execute(decider, stream, command, context, options) {
      const eventId = (index: number): string =>
        context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, stream, String(index)) : randomUUID();
      const ids: string[] = [];
      const idAt = (index: number): string => (ids[index] ??= eventId(index));

      const eventsOf = (decided: readonly AnyEvent[]): NewEvent[] => {
        const occurredAt = context.now.toISOString();
        return decided.map((event, index) => ({
          id: idAt(index),
          type: event.type,
          data: event.data,
          metadata: {
            userId: context.userId,
            correlationId: context.requestId,
            causationId: context.causationId ?? context.requestId,
            occurredAt,
            ...(context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}),
            ...(context.clock ? { timezone: context.clock.timezone, localDate: context.clock.localDate } : {}),
          },
        }));
      };
      type State = ReturnType<typeof decider.initialState>;
      const evolved = (state: State, decided: ReturnType<typeof decider.decide>): State =>
        decided.reduce((s, e) => decider.evolve(s, { ...e, occurredAt: context.now.toISOString() }), state);

      const made = Promise.resolve(command);
      // Awaited below on every path that decides; one that throws first must not leave its failure unhandled.
      made.catch(() => undefined);
      let fromSnapshot = true;
      if (options?.newStream) {
        // One round trip instead of two: the read would have found nothing.
        const state = decider.initialState();
        await options.check?.(state);
        const decided = decider.decide(await made, state);
        if (decided.length === 0) return { state, events: [] };
        try {
          const { position, nextRevision } = await store.append(stream, eventsOf(decided), 'no_stream');
          if (nextRevision === BigInt(decided.length - 1)) return { state: evolved(state, decided), events: decided, position };
          // The store recognised a retry whose original has another shape: decide again from the whole stream.
          fromSnapshot = false;
        } catch (error) {
          if (!(error instanceof WrongExpectedVersion)) throw error;
        }
      }
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const [loaded, given] = await Promise.all([loadStream(decider, stream, { fromSnapshot, retryOf: context.idempotencyKey ? idAt(0) : undefined }), made]);
        // A retried request whose events are already stored: decide against the state it saw then,
        // and the store hands back the original append instead of writing again.
        const replayFrom = context.idempotencyKey ? loaded.tail.findIndex((e) => e.id === idAt(0)) : -1;
        const seen = replayFrom >= 0 ? loaded.tail.slice(0, replayFrom) : loaded.tail;
        const state = replayFrom >= 0 ? seen.reduce((s, e) => decider.evolve(s, e.event), loaded.snapshotState) : loaded.state;
        const last = seen.length > 0 ? seen[seen.length - 1]!.revision : loaded.snapshotAt;
        const expected: ExpectedRevision = last < 0n ? 'no_stream' : last;
        if (attempt === 1) await options?.check?.(state);
        const decided = decider.decide(given, state);
        if (decided.length === 0) return { state, events: [] };
        try {
          const { position, nextRevision } = await store.append(stream, eventsOf(decided), expected);
          if (nextRevision !== last + BigInt(decided.length)) {
            // The store recognised a retry the load did not find (its original committed between
            // the load and this append): decide again from the whole stream, against the state that
            // request saw, for its original answer.
            fromSnapshot = false;
            continue;
          }
          const after = evolved(state, decided);
          if (replayFrom < 0) {
            const appended = context.idempotencyKey ? { id: idAt(0), revision: last + 1n } : undefined;
            // A cache: failing to keep it costs speed, never correctness, so the answer neither
            // waits for it (a long stream's command would wait a round trip more than a new one's)
            // nor fails with it.
            void maybeSnapshot(decider, stream, loaded, after, last + BigInt(decided.length), appended).catch(() => undefined);
          }
          return { state: after, events: decided, position };
        } catch (error) {
          if (error instanceof WrongExpectedVersion && attempt < MAX_ATTEMPTS) continue;
          if (error instanceof WrongExpectedVersion) throw new Conflict(messages.concurrentModification, 'concurrent_modification');
          throw error;
        }
      }
      throw new Conflict(messages.concurrentModification, 'concurrent_modification');
    },
  };
};
