import { describe, expect, it } from 'vitest';
import { actionableDecider, type ActionableCommand } from '../actionables/actionable.decider.ts';
import { clockAt } from '../time/local-date.ts';
import type { Decider } from '../common/decider.ts';
import { freezeDecider, type FreezeCommand } from '../actionables/freeze.decider.ts';
import { goalDecider, type GoalCommand } from '../goals/goal.decider.ts';
import { auditPoints, createAuditReplay, settleAudit, type AuditedEvent, type AuditedLedgerRow, type AuditedStream } from './audit.ts';

const USER = '6b0f1c9e-2f5c-4b8e-9a51-0d6f3f0e8a11';
const GOAL = '1d6b2c1e-5b0e-4f7e-8c55-2b3c4d5e6f70';
const ACTIONABLE = '2e7c3d2f-6c1f-4a8f-9d66-3c4d5e6f7081';
const HABIT = '3f8d4e30-7d20-4b90-8e77-4d5e6f708192';

let nextPosition = 0;
let nextId = 0;
/** Positions as zero-padded counters: the test's store orders them as strings. */
const comparePositions = (a: string, b: string): number => a.localeCompare(b);

/** A stream as the decider records it, each command at its own instant. */
const record = <C>(decider: Decider<C, AuditedEvent, unknown>, stream: string, steps: Array<{ command: C; at: string }>): AuditedStream => {
  let state = decider.initialState();
  const events: AuditedEvent[] = [];
  for (const { command, at } of steps) {
    for (const event of decider.decide(command, state)) {
      const recorded = {
        ...event,
        occurredAt: at,
        id: `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`,
        position: String(++nextPosition).padStart(8, '0'),
      };
      state = decider.evolve(state, recorded);
      events.push(recorded as AuditedEvent);
    }
  }
  return { stream, events };
};

const goalStream = () =>
  record(goalDecider as unknown as Decider<GoalCommand, AuditedEvent, unknown>, `goal-${GOAL}`, [
    { command: { type: 'CreateGoal', id: GOAL, userId: USER, fields: { title: 'Run', priority: 2 } }, at: '2026-03-01T10:00:00.000Z' },
    { command: { type: 'CompleteGoal', userId: USER }, at: '2026-03-01T11:00:00.000Z' },
    { command: { type: 'UpdateGoal', userId: USER, fields: {}, status: 'pending' }, at: '2026-03-02T11:00:00.000Z' },
  ]);

const clock = (at: string) => clockAt(new Date(at), 'America/New_York');
type CreateActionable = Extract<ActionableCommand, { type: 'CreateActionable' }>;
/** An actionable's stream: created with `fields` at `createdAt`, then completed (`complete`, the user's) at each of `completions`. */
const actionableHistory = (
  id: string,
  fields: CreateActionable['fields'],
  createdAt: string,
  complete: 'CompleteActionable' | 'CompleteHabit',
  completions: string[],
) =>
  record(actionableDecider as unknown as Decider<ActionableCommand, AuditedEvent, unknown>, `actionable-${id}`, [
    { command: { type: 'CreateActionable', id, userId: USER, fields, clock: clock(createdAt) }, at: createdAt },
    ...completions.map((at) => ({ command: { type: complete, userId: USER, clock: clock(at) }, at })),
  ]);
const actionableStream = () =>
  actionableHistory(ACTIONABLE, { title: 'Tax', weight: 3, deadline: '2026-03-01T12:00:00.000Z' }, '2026-02-28T12:00:00.000Z', 'CompleteActionable', [
    '2026-03-03T15:00:00.000Z',
  ]);
const habitStream = () =>
  actionableHistory(
    HABIT,
    { title: 'Read', weight: 2, isHabit: true },
    '2026-03-01T12:00:00.000Z',
    'CompleteHabit',
    ['2026-03-01', '2026-03-02', '2026-03-04'].map((day) => `${day}T18:00:00.000Z`),
  );

/** The ledger the projector would keep for these streams. */
const ledgerOf = (streams: AuditedStream[]): AuditedLedgerRow[] =>
  streams.flatMap((s) =>
    s.events.flatMap((e) =>
      e.type === 'PointsAwarded' || e.type === 'PointsRevoked'
        ? [{ eventId: e.id, points: e.type === 'PointsAwarded' ? e.data.points : -e.data.points, occurredAt: e.occurredAt }]
        : [],
    ),
  );

const pointsOf = (stream: AuditedStream) => stream.events.filter((e) => e.type === 'PointsAwarded' || e.type === 'PointsRevoked');

describe('the points audit', () => {
  it('agrees with itself on what the deciders recorded: every award and revocation, in log order, three equal totals', () => {
    const streams = [habitStream(), goalStream(), actionableStream()];
    const audit = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), comparePositions });
    // Goal priority 2: 100, taken back; late actionable: 30 halved; habit 20, 22, then 20 again after a missed day.
    expect(audit.entries.map((e) => [e.sourceType, e.points, e.rulesVersion])).toEqual([
      ['habit', 20, 1],
      ['habit', 22, 1],
      ['habit', 20, 1],
      ['goal', 100, 1],
      // A revocation carries the rules version of the award it takes back.
      ['goal', -100, 1],
      ['actionable', 15, 1],
    ]);
    expect(audit).toMatchObject({ recordedTotal: 77, recomputedTotal: 77, ledgerTotal: 77, consistent: true, mismatches: [], asOf: null });
    const [goalAward, goalRevocation] = audit.entries.filter((e) => e.sourceType === 'goal');
    expect(goalRevocation!.revokes).toEqual({ position: goalAward!.position, rulesVersion: 1 });
    expect(goalAward!.receipt).toEqual({ rule: 'goal', rulesVersion: 1, inputs: { priority: 2, base: 25 }, points: 100 });
    expect(audit.entries.find((e) => e.sourceType === 'actionable')!.receipt).toEqual({
      rule: 'actionable',
      rulesVersion: 1,
      inputs: { weight: 3, pointsToBeAwarded: 0, late: true, daysLate: 2 },
      points: 15,
    });
  });

  it('names a receipt that does not give its award, and a revocation that names another rules version than its award’s', () => {
    const goal = goalStream();
    const [award, revocation] = pointsOf(goal);
    if (award?.type !== 'PointsAwarded' || revocation?.type !== 'PointsRevoked') throw new Error('no award and revocation');
    award.data.receipt = { rule: 'goal', rulesVersion: 1, inputs: { priority: 3, base: 25 }, points: 100 };
    revocation.data.revokes = { rulesVersion: 2 };
    const audit = auditPoints({ userId: USER, streams: [goal], ledger: ledgerOf([goal]), comparePositions });
    expect(audit.mismatches).toEqual([
      { position: award.position, expected: 75, found: 100, reason: expect.stringContaining('its receipt (goal, rules version 1, 100 points) gives 75') },
      { position: revocation.position, expected: -100, found: -100, reason: expect.stringContaining('names rules version 2') },
    ]);
    expect(audit.consistent).toBe(false);
  });

  it('audits awards and revocations recorded before receipts (upcast: no receipt, no named award) by the replay alone', () => {
    const goal = goalStream();
    for (const event of pointsOf(goal)) {
      if (event.type === 'PointsAwarded') event.data.receipt = null;
      else event.data.revokes = null;
    }
    const audit = auditPoints({ userId: USER, streams: [goal], ledger: ledgerOf([goal]), comparePositions });
    expect(audit).toMatchObject({ consistent: true, mismatches: [], recordedTotal: 0 });
    expect(audit.entries.map((e) => [e.points, e.rulesVersion, e.receipt, e.revokes])).toEqual([
      [100, 1, undefined, null],
      [-100, 1, undefined, { position: audit.entries[0]!.position, rulesVersion: 1 }],
    ]);
  });

  it('recomputes a backfill (half, and the later days it lengthened) and checks a take-back against the award it takes back', () => {
    const at = (day: string) => `${day}T18:00:00.000Z`;
    const steps: Array<{ command: ActionableCommand; at: string }> = [
      {
        command: { type: 'CreateActionable', id: HABIT, userId: USER, fields: { title: 'Read', weight: 2, isHabit: true }, clock: clock(at('2026-03-01')) },
        at: at('2026-03-01'),
      },
      ...['2026-03-01', '2026-03-03', '2026-03-04'].map((day) => ({
        command: { type: 'CompleteHabit' as const, userId: USER, clock: clock(at(day)) },
        at: at(day),
      })),
      { command: { type: 'BackfillHabit', userId: USER, date: '2026-03-02', clock: clock(at('2026-03-04')) }, at: at('2026-03-04') },
      { command: { type: 'UncompleteHabit', userId: USER, clock: clock(at('2026-03-04')) }, at: at('2026-03-04') },
      { command: { type: 'BackfillHabit', userId: USER, date: '2026-03-02', clock: clock(at('2026-03-04')) }, at: at('2026-03-04') },
    ];
    const habit = record(actionableDecider as unknown as Decider<ActionableCommand, AuditedEvent, unknown>, `actionable-${HABIT}`, steps);
    const audit = auditPoints({ userId: USER, streams: [habit], ledger: ledgerOf([habit]), comparePositions });
    // 20, 20, 22; the backfill of the 2nd: half of 22 for it, +4 and +4 for the 3rd and 4th (streaks 3 and 4); taken back, then again.
    expect(audit.entries.map((e) => e.points)).toEqual([20, 20, 22, 19, -19, 19]);
    expect(audit.entries[3]!.receipt).toEqual({
      rule: 'habitBackfill',
      rulesVersion: 1,
      inputs: {
        weight: 2,
        streak: 2,
        date: '2026-03-02',
        recounted: [
          { date: '2026-03-03', streak: 3, previousStreak: 1, backfilled: false },
          { date: '2026-03-04', streak: 4, previousStreak: 2, backfilled: false },
        ],
      },
      points: 19,
    });
    // The take-back names the backfill's award.
    expect(audit.entries[4]!.revokes).toEqual({ position: audit.entries[3]!.position, rulesVersion: 1 });
    expect(audit).toMatchObject({ recordedTotal: 81, recomputedTotal: 81, ledgerTotal: 81, consistent: true, mismatches: [] });

    const backfillAward = pointsOf(habit)[3]!;
    if (backfillAward.type !== 'PointsAwarded') throw new Error('no award');
    backfillAward.data.points = 30;
    const tampered = auditPoints({ userId: USER, streams: [habit], ledger: ledgerOf([habit]), comparePositions });
    expect(tampered.mismatches.map((m) => [m.position, m.expected, m.found])).toEqual([
      [backfillAward.position, 19, 30],
      // The take-back revoked 19 where 30 stood recorded.
      [pointsOf(habit)[4]!.position, -30, -19],
    ]);
  });

  it('names an award the rules of its version do not give, and one whose version it does not know', () => {
    const goal = goalStream();
    const habit = habitStream();
    const [award] = pointsOf(goal);
    if (award?.type !== 'PointsAwarded') throw new Error('no award');
    award.data.points = 90;
    const [, second] = pointsOf(habit);
    if (second?.type !== 'PointsAwarded') throw new Error('no award');
    second.data.rulesVersion = 7;
    const streams = [goal, habit];
    const audit = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), comparePositions });
    expect(audit.mismatches).toEqual([
      { position: award.position, expected: 100, found: 90, reason: expect.stringContaining('the rules of version 1 give 100') },
      // The revocation took back 100 where 90 stood.
      { position: pointsOf(goal)[1]!.position, expected: -90, found: -100, reason: expect.stringContaining('the standing award was 90') },
      { position: second.position, expected: null, found: 22, reason: expect.stringContaining('rules version 7 is unknown') },
    ]);
    expect(audit.consistent).toBe(false);
    expect(audit.recordedTotal).toBe(20 + 22 + 20 + 90 - 100);
    expect(audit.recomputedTotal).toBe(20 + 20 + 100 - 100);
  });

  it('names ledger rows that differ, are missing or match no event', () => {
    const streams = [goalStream(), actionableStream()];
    const ledger = ledgerOf(streams);
    const [goalAward, goalRevoke, late] = [pointsOf(streams[0]!)[0]!, pointsOf(streams[0]!)[1]!, pointsOf(streams[1]!)[0]!];
    const rows = ledger
      .filter((row) => row.eventId !== goalRevoke.id)
      .map((row) => (row.eventId === late.id ? { ...row, points: 16 } : row))
      .concat({ eventId: 'ffffffff-0000-4000-8000-000000000000', points: 5, occurredAt: '2026-03-05T00:00:00.000Z' });
    const audit = auditPoints({ userId: USER, streams, ledger: rows, comparePositions });
    expect(audit.mismatches).toEqual([
      { position: goalRevoke.position, expected: -100, found: null, reason: expect.stringContaining('no points_ledger row') },
      { position: late.position, expected: 15, found: 16, reason: expect.stringContaining('holds 16') },
      { position: null, expected: null, found: 5, reason: expect.stringContaining('matches no points event') },
    ]);
    expect(audit).toMatchObject({ recordedTotal: 15, recomputedTotal: 15, ledgerTotal: 100 + 16 + 5, consistent: false });
    expect(goalAward.position < goalRevoke.position).toBe(true);
  });

  it('as of an instant: only what had happened by then, the ledger too', () => {
    const streams = [goalStream(), habitStream()];
    const audit = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), asOf: '2026-03-01T23:59:59.000Z', comparePositions });
    expect(audit.entries.map((e) => [e.sourceType, e.points])).toEqual([
      ['goal', 100],
      ['habit', 20],
    ]);
    expect(audit).toMatchObject({ recordedTotal: 120, recomputedTotal: 120, ledgerTotal: 120, consistent: true, asOf: '2026-03-01T23:59:59.000Z' });
  });

  it('resumes: streams fed a piece at a time, in any order of streams, give the audit of feeding them whole', () => {
    for (const asOf of [undefined, '2026-03-01T23:59:59.000Z']) {
      const streams = [goalStream(), actionableStream(), habitStream()];
      const whole = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), asOf, comparePositions });
      const replay = createAuditReplay(USER, asOf);
      for (const { stream, events } of [...streams].reverse()) replay.feed(stream, events.slice(0, 2));
      // Settled half way (as a kept audit is), then brought forward with the rest.
      settleAudit(replay, [], comparePositions);
      for (const { stream, events } of streams) replay.feed(stream, events.slice(2));
      expect(settleAudit(replay, ledgerOf(streams), comparePositions)).toEqual(whole);
    }
  });

  it('lists each freeze from the user’s freeze stream — the habit by its title or all habits, the days, when set and cancelled — and counts nothing for it', () => {
    const HOLIDAY = '4a9e5f41-8e31-4ca1-9f88-5e6f708192a3';
    const READING = '5baf6052-9f42-4db2-8a99-6f708192a3b4';
    const freezes = record(freezeDecider as unknown as Decider<FreezeCommand, AuditedEvent, unknown>, `freeze-${USER}`, [
      {
        command: {
          type: 'FreezeHabits',
          freezeId: HOLIDAY,
          userId: USER,
          habitId: null,
          from: '2026-03-08',
          to: '2026-03-14',
          clock: clock('2026-03-02T15:00:00.000Z'),
        },
        at: '2026-03-02T15:00:00.000Z',
      },
      {
        command: {
          type: 'FreezeHabits',
          freezeId: READING,
          userId: USER,
          habitId: HABIT,
          from: '2026-03-20',
          to: '2026-03-21',
          clock: clock('2026-03-03T15:00:00.000Z'),
        },
        at: '2026-03-03T15:00:00.000Z',
      },
      { command: { type: 'CancelFreeze', freezeId: READING, userId: USER, clock: clock('2026-03-05T15:00:00.000Z') }, at: '2026-03-05T15:00:00.000Z' },
    ]);
    const [holidaySet, readingSet] = freezes.events;
    const streams = [habitStream(), freezes];
    const audit = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), comparePositions });
    expect(audit.freezes).toEqual([
      {
        freezeId: HOLIDAY,
        habitId: null,
        habitTitle: null,
        from: '2026-03-08',
        to: '2026-03-14',
        setAt: '2026-03-02T15:00:00.000Z',
        cancelledAt: null,
        position: holidaySet!.position,
      },
      {
        freezeId: READING,
        habitId: HABIT,
        habitTitle: 'Read',
        from: '2026-03-20',
        to: '2026-03-21',
        setAt: '2026-03-03T15:00:00.000Z',
        cancelledAt: '2026-03-05T15:00:00.000Z',
        position: readingSet!.position,
      },
    ]);
    // Nothing awarded or revoked for them: the totals and entries are the habit's alone.
    const without = auditPoints({ userId: USER, streams: [habitStream()], ledger: ledgerOf([habitStream()]), comparePositions });
    expect(audit).toMatchObject({ consistent: true, recordedTotal: without.recordedTotal, entries: audit.entries.filter((e) => e.sourceType === 'habit') });
    expect(audit.entries).toHaveLength(without.entries.length);
    // As of before the cancellation, the freeze stands; before it was set, it is not there.
    const asOfBefore = auditPoints({ userId: USER, streams, ledger: ledgerOf(streams), asOf: '2026-03-04T00:00:00.000Z', comparePositions });
    expect(asOfBefore.freezes.map((f) => [f.freezeId, f.cancelledAt])).toEqual([
      [HOLIDAY, null],
      [READING, null],
    ]);
    expect(auditPoints({ userId: USER, streams, ledger: [], asOf: '2026-03-02T00:00:00.000Z', comparePositions }).freezes).toEqual([]);
    // Another user's freeze stream given by mistake lists nothing.
    expect(auditPoints({ userId: '00000000-0000-4000-8000-0000000000ff', streams: [freezes], ledger: [], comparePositions }).freezes).toEqual([]);
  });

  it("leaves out another user's points found in a stream it was given", () => {
    const streams = [goalStream()];
    const audit = auditPoints({ userId: '00000000-0000-4000-8000-0000000000ff', streams, ledger: [], comparePositions });
    expect(audit).toMatchObject({ entries: [], mismatches: [], recordedTotal: 0, consistent: true });
  });
});
