import type { FreezeEvent } from '@tracker/contracts/actionables/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { AuditEntry, AuditFreeze, AuditMismatch, PointsAudit } from '@tracker/contracts/points/audit';
import { evolve as evolveActionable, type ActionableItem, type ActionableState, type ActionableStreamEvent } from '../actionables/actionable.decider.ts';
import { completionPoints } from '../actionables/habit-completions.ts';
import { localDateOf } from '../time/local-date.ts';
import type { Recorded } from '../common/decider.ts';
import { evolveWorkItem, type WorkItemEvent, type WorkItemState } from '../goals/work-item.ts';
import { receiptPoints, rulesByVersion, type PointsRules, type WorkItemKind } from './rules.ts';

export { rulesByVersion, type PointsRules };

// The audit replays one user's item streams through the points rules each award says it was computed
// by, and compares three accounts of the same points: the rules (recomputed), the PointsAwarded and
// PointsRevoked events (recorded) and the points_ledger read model. The user's freeze stream is
// replayed beside them: a freeze awards nothing, but it is why a streak did not break, so the audit
// lists each one. Pure: the caller reads the streams and the ledger rows.

/** An event of an item's stream (or the user's freeze stream) as the log holds it: decoded, with its id, position and instant. */
export type AuditedEvent = Recorded<ActionableStreamEvent | WorkItemEvent | Unversioned<FreezeEvent>> & { id: string; position: string };

/** One item's stream, its events in revision order. */
export interface AuditedStream {
  stream: string;
  events: readonly AuditedEvent[];
}

/** A points_ledger row: signed points (revocations negative). */
export interface AuditedLedgerRow {
  eventId: string;
  points: number;
  occurredAt: string;
}

export interface AuditInput {
  userId: string;
  streams: readonly AuditedStream[];
  /** The user's ledger rows (all of them; the audit applies `asOf`). */
  ledger: readonly AuditedLedgerRow[];
  /** Inclusive: events and rows after this instant are left out. */
  asOf?: string | undefined;
  /** The store's order of positions (they are opaque). */
  comparePositions(a: string, b: string): number;
}

type PointsEventOf<E> = Extract<E, { type: 'PointsAwarded' | 'PointsRevoked' }>;
type PointsEvent = PointsEventOf<AuditedEvent>;

const workItemKinds: Record<string, WorkItemKind> = { goal: 'goal', task: 'task', subtask: 'subtask' };

/** The stream's category decides which fold replays it: goals, tasks and subtasks share one, actionables (habits too) another. */
const categoryOf = (stream: string): string => stream.slice(0, stream.indexOf('-'));

interface Recomputed {
  points: number | null;
  why?: string;
}

/** The award a revocation takes back: where the log holds it and the rules it was counted by. */
interface AwardRef {
  position: string;
  rulesVersion: number;
}

/** A points event found in the replay, with what the rules give it and, for a revocation, the award it should take back. */
interface FoundPoints {
  event: PointsEvent;
  recomputed: Recomputed;
  expectedRecorded: number | null;
  /** A revocation's award as the replay found it standing (null: none). */
  revokes?: AwardRef | null;
}

/** What the folds report besides points: the user's freezes and the habits' titles (to name a freeze's habit). */
interface ReplaySinks {
  visit: (found: FoundPoints) => void;
  freeze: (event: Extract<AuditedEvent, { type: 'HabitsFrozen' | 'HabitFreezeCancelled' }>) => void;
  title: (habitId: string, title: string) => void;
}

/**
 * One stream's fold, resumable: each award recomputed from the state the events before it built,
 * each revocation checked against the award it takes back; a freeze stream's events handed on as they
 * are. Events after `asOf` are skipped, not applied (as if they had not happened yet).
 */
const streamReplay = (stream: string, sinks: ReplaySinks, asOf: number | undefined): ((event: AuditedEvent) => void) => {
  const { visit } = sinks;
  const category = categoryOf(stream);
  const kind = workItemKinds[category];
  if (category === 'freeze') {
    return (event) => {
      if (asOf !== undefined && Date.parse(event.occurredAt) > asOf) return;
      if (event.type === 'HabitsFrozen' || event.type === 'HabitFreezeCancelled') sinks.freeze(event);
    };
  }
  if (kind === undefined && category !== 'actionable') return () => undefined;
  let workItem: WorkItemState = { status: 'none' };
  let actionable: ActionableState = { status: 'none' };
  /** The completion the next award belongs to (it is in the same append, just before it). */
  let completion: Completion | undefined;
  /** What the rules gave each standing habit completion, by its day: a take-back revokes that much in the recomputed account. */
  const habitRecomputed = new Map<string, number>();
  /** What the rules gave the standing award: a revocation takes back that much in the recomputed account. */
  let standingRecomputed = 0;
  /** The standing award of a non-habit, and each standing habit completion's by its day: what a revocation names. */
  let standingAward: AwardRef | null = null;
  const habitAwards = new Map<string, AwardRef>();
  /** A habit take-back in progress: what its completion earned as recorded and as recomputed, and its award. */
  let undone: { recorded: number; recomputed: number; award: AwardRef | null } | undefined;

  return (event) => {
    if (asOf !== undefined && Date.parse(event.occurredAt) > asOf) return;
    if (event.type === 'ActionableCompleted') {
      completion = { localDate: event.data.localDate, timezone: event.data.timezone };
    }
    if (event.type === 'HabitCompleted') {
      // The habit's credits before this completion (evolve runs after): what the rules recount from.
      const before = actionable.status === 'none' ? undefined : actionable.item;
      completion = { localDate: event.data.localDate, timezone: event.data.timezone, habit: { data: event.data, before } };
    }
    if (event.type === 'PointsAwarded') {
      const recomputed = kind !== undefined ? recomputeWorkItem(kind, workItem, event) : recomputeActionable(actionable, completion, event);
      visit({ event, recomputed, expectedRecorded: event.data.points });
      const ref = { position: event.position, rulesVersion: event.data.rulesVersion };
      if (event.data.source.type !== 'habit') {
        standingRecomputed = recomputed.points ?? 0;
        standingAward = ref;
      } else if (completion?.habit) {
        habitRecomputed.set(completion.habit.data.occurrence, recomputed.points ?? 0);
        habitAwards.set(completion.habit.data.occurrence, ref);
      }
      completion = undefined;
    }
    if (event.type === 'HabitCompletionUndone') {
      // The revocation that follows takes back what this completion earned: its claim, before the undo is applied.
      const claim = actionable.status === 'none' ? undefined : actionable.item.claims.findLast((c) => c.date === event.data.occurrence);
      undone = {
        recorded: claim?.points ?? 0,
        recomputed: habitRecomputed.get(event.data.occurrence) ?? 0,
        award: habitAwards.get(event.data.occurrence) ?? null,
      };
      habitRecomputed.delete(event.data.occurrence);
      habitAwards.delete(event.data.occurrence);
    }
    if (event.type === 'PointsRevoked') {
      if (event.data.source.type === 'habit') {
        visit({ event, recomputed: { points: undone?.recomputed ?? 0 }, expectedRecorded: undone?.recorded ?? 0, revokes: undone?.award ?? null });
        undone = undefined;
      } else {
        const standing =
          kind !== undefined ? (workItem.status === 'none' ? 0 : workItem.item.awarded) : actionable.status === 'none' ? 0 : actionable.item.awarded;
        visit({ event, recomputed: { points: standingRecomputed }, expectedRecorded: standing, revokes: standingAward });
        standingRecomputed = 0;
        standingAward = null;
      }
    }
    if (kind !== undefined) workItem = evolveWorkItem(workItem, event as Recorded<WorkItemEvent>);
    else {
      actionable = evolveActionable(actionable, event as Recorded<ActionableStreamEvent>);
      if (actionable.status !== 'none' && actionable.item.isHabit) sinks.title(actionable.item.id, actionable.item.title);
    }
  };
};

/**
 * The log's side of one user's audit, fed stream by stream and resumable: more events of a stream
 * (or new streams) can be fed later, continuing each stream's fold where it stopped. So an audit
 * kept from an earlier position is brought forward with the events appended since, not replayed.
 */
export interface AuditReplay {
  readonly userId: string;
  readonly asOf: string | undefined;
  /** The next events of `stream`, in revision order, after those fed before. */
  feed(stream: string, events: readonly AuditedEvent[]): void;
  /** Whether a stream has been fed (it may hold no points event). */
  knows(stream: string): boolean;
  /** The user's points events found so far, in log order. */
  found(comparePositions: (a: string, b: string) => number): readonly FoundPoints[];
  /** The user's freezes found so far, in log order, each habit named by its title as last fed. */
  freezes(): AuditFreeze[];
}

export const createAuditReplay = (userId: string, asOf?: string): AuditReplay => {
  const asOfMs = asOf === undefined ? undefined : Date.parse(asOf);
  const folds = new Map<string, (event: AuditedEvent) => void>();
  const found: FoundPoints[] = [];
  let sorted = true;
  /** By freeze id, in the order they were set (one stream: log order). */
  const freezes = new Map<string, Omit<AuditFreeze, 'habitTitle'>>();
  const titles = new Map<string, string>();
  const sinks: ReplaySinks = {
    visit: (points) => {
      // Only the user's own points: a stream reached through a damaged read model may be someone else's.
      if (points.event.data.userId !== userId) return;
      found.push(points);
      sorted = false;
    },
    freeze: (event) => {
      if (event.data.userId !== userId) return;
      if (event.type === 'HabitsFrozen') {
        const { freezeId, habitId, from, to } = event.data;
        freezes.set(freezeId, { freezeId, habitId, from, to, setAt: iso(event.occurredAt), cancelledAt: null, position: event.position });
      } else {
        const freeze = freezes.get(event.data.freezeId);
        if (freeze) freeze.cancelledAt = iso(event.occurredAt);
      }
    },
    title: (habitId, title) => void titles.set(habitId, title),
  };
  return {
    userId,
    asOf,
    feed(stream, events) {
      let fold = folds.get(stream);
      if (!fold) folds.set(stream, (fold = streamReplay(stream, sinks, asOfMs)));
      for (const event of events) fold(event);
    },
    knows: (stream) => folds.has(stream),
    found(comparePositions) {
      if (!sorted) found.sort((a, b) => comparePositions(a.event.position, b.event.position));
      sorted = true;
      return found;
    },
    freezes: () => [...freezes.values()].map((freeze) => ({ ...freeze, habitTitle: freeze.habitId === null ? null : (titles.get(freeze.habitId) ?? null) })),
  };
};

const iso = (instant: string): string => new Date(instant).toISOString();

const rulesOf = (event: Extract<AuditedEvent, { type: 'PointsAwarded' }>): PointsRules | undefined => rulesByVersion[event.data.rulesVersion];

const recomputeWorkItem = (kind: WorkItemKind, state: WorkItemState, event: Extract<AuditedEvent, { type: 'PointsAwarded' }>): Recomputed => {
  const rules = rulesOf(event);
  if (!rules) return { points: null, why: `rules version ${event.data.rulesVersion} is unknown` };
  if (state.status === 'none') return { points: null, why: `award before the ${kind} was created` };
  return { points: rules.workItemPoints(kind, state.item.priority) };
};

/** A completion as the award after it needs it; a habit's with the item as it was before it. */
interface Completion {
  localDate: string;
  timezone: string;
  habit?: { data: Extract<AuditedEvent, { type: 'HabitCompleted' }>['data']; before: ActionableItem | undefined };
}

const recomputeActionable = (
  state: ActionableState,
  completion: Completion | undefined,
  event: Extract<AuditedEvent, { type: 'PointsAwarded' }>,
): Recomputed => {
  const rules = rulesOf(event);
  if (!rules) return { points: null, why: `rules version ${event.data.rulesVersion} is unknown` };
  if (state.status === 'none') return { points: null, why: 'award before the actionable was created' };
  if (!completion) return { points: null, why: 'award without a completion before it' };
  const item = state.item;
  if (event.data.source.type === 'habit') {
    const before = completion.habit?.before;
    if (!completion.habit || !before) return { points: null, why: 'habit award without a completion before it' };
    const memory = { credits: before.credits, claims: before.claims, standing: { lastCredited: before.lastCredited, streak: before.streak } };
    const points = completionPoints(memory, { recurrence: before.recurrence, startDate: before.startDate }, before.weight, completion.habit.data, rules);
    return points === null ? { points: null, why: 'habit award the rules of its version cannot give' } : { points };
  }
  const deadlineDay = item.deadline === null ? null : localDateOf(item.deadline, completion.timezone);
  return { points: rules.actionablePoints(item.weight, item.pointsToBeAwarded, rules.isLateCompletion(deadlineDay, completion.localDate)) };
};

/**
 * What an event's own account of its award or revocation gets wrong: an award's receipt must give
 * its points by its version's rules; a revocation that names its award's rules version must name the
 * one the replay found standing.
 */
const receiptMismatch = (event: PointsEvent, revokes?: AwardRef | null): { expected: number | null; why: string } | null => {
  if (event.type === 'PointsAwarded') {
    const { receipt, points, rulesVersion } = event.data;
    if (receipt === null) return null;
    const given = receiptPoints(receipt);
    if (receipt.points !== points || receipt.rulesVersion !== rulesVersion || given !== points)
      return {
        expected: given,
        why: `its receipt (${receipt.rule}, rules version ${receipt.rulesVersion}, ${receipt.points} points) gives ${given ?? 'nothing this code knows'}, the event records ${points} by version ${rulesVersion}`,
      };
    return null;
  }
  const named = event.data.revokes?.rulesVersion;
  if (named !== undefined && revokes && named !== revokes.rulesVersion)
    return { expected: -event.data.points, why: `names rules version ${named}, the award it takes back was counted by version ${revokes.rulesVersion}` };
  return null;
};

const signed = (event: PointsEvent): number => (event.type === 'PointsAwarded' ? event.data.points : -event.data.points);

const describe = (event: PointsEvent): string => `${event.type} for ${event.data.source.type} ${event.data.source.id}`;

/**
 * The audit of one user's points: every award and revocation in log order, the three totals, and
 * every mismatch between the rules, the events and the ledger (which event, expected, found, why).
 */
export const auditPoints = (input: AuditInput): PointsAudit => {
  const replay = createAuditReplay(input.userId, input.asOf);
  for (const stream of input.streams) replay.feed(stream.stream, stream.events);
  return settleAudit(replay, input.ledger, (a, b) => input.comparePositions(a, b));
};

/** The audit from a replay (the log's side) and the user's ledger rows (all of them; the replay's `asOf` applies). */
export const settleAudit = (replay: AuditReplay, ledgerRows: readonly AuditedLedgerRow[], comparePositions: (a: string, b: string) => number): PointsAudit => {
  const asOf = replay.asOf === undefined ? undefined : Date.parse(replay.asOf);
  const found = replay.found(comparePositions);
  const entries: AuditEntry[] = [];
  const mismatches: AuditMismatch[] = [];
  let recordedTotal = 0;
  let recomputedTotal = 0;
  const ledger = new Map(ledgerRows.filter((row) => asOf === undefined || Date.parse(row.occurredAt) <= asOf).map((row) => [row.eventId, row]));
  let ledgerTotal = 0;
  for (const row of ledger.values()) ledgerTotal += row.points;

  for (const { event, recomputed, expectedRecorded, revokes } of found) {
    const points = signed(event);
    const sign = event.type === 'PointsAwarded' ? 1 : -1;
    recordedTotal += points;
    recomputedTotal += sign * (recomputed.points ?? 0);
    entries.push({
      occurredAt: new Date(event.occurredAt).toISOString(),
      points,
      reason: event.data.reason,
      sourceType: event.data.source.type,
      sourceId: event.data.source.id,
      rulesVersion: event.type === 'PointsAwarded' ? event.data.rulesVersion : (revokes?.rulesVersion ?? null),
      position: event.position,
      ...(event.type === 'PointsAwarded' && event.data.receipt ? { receipt: event.data.receipt } : {}),
      revokes: event.type === 'PointsRevoked' ? (revokes ?? null) : null,
    });
    if (recomputed.points === null) {
      mismatches.push({ position: event.position, expected: null, found: points, reason: `${describe(event)}: cannot recompute (${recomputed.why})` });
    } else if (event.type === 'PointsAwarded' && recomputed.points !== event.data.points) {
      mismatches.push({
        position: event.position,
        expected: recomputed.points,
        found: event.data.points,
        reason: `${describe(event)}: the rules of version ${event.data.rulesVersion} give ${recomputed.points}, the event records ${event.data.points}`,
      });
    }
    // An award the rules disagree with is reported once, above; its receipt is checked when the award itself holds.
    const receiptWrong = event.type === 'PointsRevoked' || recomputed.points === event.data.points ? receiptMismatch(event, revokes) : null;
    if (receiptWrong)
      mismatches.push({ position: event.position, expected: receiptWrong.expected, found: points, reason: `${describe(event)}: ${receiptWrong.why}` });
    if (event.type === 'PointsRevoked' && expectedRecorded !== event.data.points) {
      mismatches.push({
        position: event.position,
        expected: -(expectedRecorded ?? 0),
        found: points,
        reason: `${describe(event)}: takes back ${event.data.points}, the standing award was ${expectedRecorded ?? 0}`,
      });
    }
    const row = ledger.get(event.id);
    ledger.delete(event.id);
    if (!row) {
      mismatches.push({ position: event.position, expected: points, found: null, reason: `${describe(event)}: no points_ledger row` });
    } else if (row.points !== points) {
      mismatches.push({
        position: event.position,
        expected: points,
        found: row.points,
        reason: `${describe(event)}: the points_ledger row holds ${row.points}`,
      });
    }
  }
  for (const row of ledger.values()) {
    mismatches.push({ position: null, expected: null, found: row.points, reason: `points_ledger row ${row.eventId} matches no points event of this user` });
  }

  return {
    asOf: replay.asOf === undefined ? null : new Date(replay.asOf).toISOString(),
    recordedTotal,
    recomputedTotal,
    ledgerTotal,
    consistent: mismatches.length === 0 && recordedTotal === recomputedTotal && recordedTotal === ledgerTotal,
    entries,
    mismatches,
    freezes: replay.freezes(),
  };
};
