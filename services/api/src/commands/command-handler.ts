import { createHash, randomUUID } from 'node:crypto';
import { decodeEvent } from '@tracker/contracts/event-codec';
import { messages } from '@tracker/contracts/messages';
import { Conflict } from '@tracker/domain/common/errors';
import { fold, type Decider, type Recorded } from '@tracker/domain/common/decider';
import { WrongExpectedVersion, type EventStore, type ExpectedRevision, type NewEvent, type Position } from '@tracker/eventstore/port';

/** Who and when: everything a command needs from the request, passed in, never read inside. */
export interface CommandContext {
  userId: string;
  requestId: string;
  /** The event that caused this command, when a reactor runs it; the request otherwise. */
  causationId?: string | undefined;
  now: Date;
  idempotencyKey?: string | undefined;
  timezone?: string | undefined;
  localDate?: string | undefined;
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
}

export interface CommandHandler {
  /**
   * Load the stream, decide, append at the revision it was loaded at; on a concurrent write, load
   * and decide again (a few times) before answering 409.
   */
  execute<Command, Event extends AnyEvent, State>(
    decider: Decider<Command, Event, State>,
    stream: string,
    command: Command,
    context: CommandContext,
    options?: ExecuteOptions<State>,
  ): Promise<CommandResult<State, Event>>;
  load<Command, Event extends AnyEvent, State>(decider: Decider<Command, Event, State>, stream: string): Promise<{ state: State; exists: boolean }>;
}

export const createCommandHandler = (deps: { store: EventStore }): CommandHandler => {
  const { store } = deps;

  const readRecorded = async <Event>(stream: string) => {
    const events: Array<{ id: string; revision: bigint; event: Recorded<Event> }> = [];
    for await (const stored of store.readStream(stream)) {
      const parsed = decodeEvent({ type: stored.type, version: stored.version, data: stored.data });
      const occurredAt = typeof stored.metadata.occurredAt === 'string' ? stored.metadata.occurredAt : stored.createdAt.toISOString();
      const event: Recorded<AnyEvent> = { type: parsed.type, data: parsed.data, occurredAt };
      if (writtenByDecider<Event>(event)) events.push({ id: stored.id, revision: stored.revision, event });
    }
    return events;
  };

  return {
    async load(decider, stream) {
      const events = await readRecorded<Parameters<typeof decider.evolve>[1]>(stream);
      return {
        state: fold(
          decider,
          events.map((e) => e.event),
        ),
        exists: events.length > 0,
      };
    },

    async execute(decider, stream, command, context, options) {
      const eventId = (index: number): string =>
        context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, stream, String(index)) : randomUUID();
      const ids: string[] = [];
      const idAt = (index: number): string => (ids[index] ??= eventId(index));

      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const history = await readRecorded<Parameters<typeof decider.evolve>[1]>(stream);
        // A retried request whose events are already stored: decide against the state it saw then,
        // and the store hands back the original append instead of writing again.
        const replayFrom = context.idempotencyKey ? history.findIndex((e) => e.id === idAt(0)) : -1;
        const seen = replayFrom >= 0 ? history.slice(0, replayFrom) : history;
        const state = fold(
          decider,
          seen.map((e) => e.event),
        );
        const expected: ExpectedRevision = seen.length === 0 ? 'no_stream' : seen[seen.length - 1]!.revision;
        if (attempt === 1) await options?.check?.(state);
        const decided = decider.decide(command, state);
        if (decided.length === 0) return { state, events: [] };
        const occurredAt = context.now.toISOString();
        const toAppend: NewEvent[] = decided.map((event, index) => ({
          id: idAt(index),
          type: event.type,
          data: event.data,
          metadata: {
            userId: context.userId,
            correlationId: context.requestId,
            causationId: context.causationId ?? context.requestId,
            occurredAt,
            ...(context.idempotencyKey ? { idempotencyKey: context.idempotencyKey } : {}),
            ...(context.timezone ? { timezone: context.timezone } : {}),
            ...(context.localDate ? { localDate: context.localDate } : {}),
          },
        }));
        try {
          const { position } = await store.append(stream, toAppend, expected);
          const after = decided.reduce((s, e) => decider.evolve(s, { ...e, occurredAt }), state);
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
