import { describe, it } from 'vitest';
import { actionableDefaults } from '@tracker/contracts/actionables/http';
import type { Recorded } from '../common/decider.ts';
import { Conflict } from '../common/errors.ts';
import { specify } from '../common/specify.ts';
import { importDecider, type ImportActionables, type ImportStreamEvent } from './import.decider.ts';

const given = specify(importDecider);
const importId = '55555555-5555-4555-8555-555555555555';
const userId = '22222222-2222-4222-8222-222222222222';
const first = '11111111-1111-4111-8111-111111111111';
const second = '66666666-6666-4666-8666-666666666666';
const fingerprint = 'a'.repeat(64);

const importing = (overrides: Partial<ImportActionables> = {}): ImportActionables => ({
  type: 'ImportActionables',
  importId,
  userId,
  fingerprint,
  items: [
    // 22:00 on 11-30 in New York: completed that day there (history counts it on 11-30, not on 12-01).
    { id: first, fields: { title: 'Stretch', weight: 2 }, history: { status: 'completed', completedAt: '2025-12-01T03:00:00.000Z' } },
    { id: second, fields: { title: 'Read', isHabit: true }, history: { lastCompletedAt: '2026-03-02T03:00:00.000Z', streak: 7 } },
  ],
  timezone: 'America/New_York',
  ...overrides,
});

const defaults = {
  description: actionableDefaults.description,
  weight: actionableDefaults.weight,
  deadline: null,
  isHabit: false,
  active: true,
  reminderTime: null,
  pointsToBeAwarded: 0,
  recurrence: { ...actionableDefaults.recurrence },
  goalId: null,
  taskId: null,
  subtaskId: null,
};

const imported: ImportStreamEvent = {
  type: 'ActionablesImported',
  data: {
    importId,
    userId,
    fingerprint,
    timezone: 'America/New_York',
    items: [
      {
        actionableId: first,
        userId,
        ...defaults,
        title: 'Stretch',
        weight: 2,
        imported: {
          status: 'completed',
          completedAt: '2025-12-01T03:00:00.000Z',
          lastCompletedAt: null,
          streak: 0,
          lastCredited: null,
          completedOn: '2025-11-30',
        },
      },
      {
        actionableId: second,
        userId,
        ...defaults,
        title: 'Read',
        isHabit: true,
        // 22:00 on 03-01 in New York: the daily habit's last occurrence is that day.
        imported: { status: 'pending', completedAt: null, lastCompletedAt: '2026-03-02T03:00:00.000Z', streak: 7, lastCredited: '2026-03-01' },
      },
    ],
  },
};
const recorded = (event: ImportStreamEvent): Recorded<ImportStreamEvent> => ({ ...event, occurredAt: '2026-03-02T12:00:00.000Z' });

describe('importing actionables', () => {
  it('records every item in one event, with defaults and the history placed on local dates', () => given([]).when(importing()).then([imported]));
  it('decides nothing for the same request again (a retry under its Idempotency-Key)', () =>
    given([recorded(imported)])
      .when(importing())
      .thenNothing());
  it('refuses another request under the same Idempotency-Key', () =>
    given([recorded(imported)])
      .when(importing({ fingerprint: 'b'.repeat(64) }))
      .thenThrows(Conflict, 'This Idempotency-Key was already used for a different request'));
});
