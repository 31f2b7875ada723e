import { settingsDefaults } from '@tracker/contracts/settings/http';
import { describe, expect, it } from 'vitest';
import { allStatuses } from '../components/status-filter.tsx';
import { shownByStatus } from './shown-by-status.ts';
import { statusSettingsWith } from '../../../testing/fixtures.ts';

const defaults = settingsDefaults.statusSettings;
// As the server lists them (by deadline): the list's own order within a status must survive.
const items = [
  { id: 'done-early', status: 'completed' },
  { id: 'todo-1', status: 'pending' },
  { id: 'doing', status: 'in-progress' },
  { id: 'todo-2', status: 'pending' },
  { id: 'missed', status: 'not-approached' },
] as const;
const ids = (list: readonly { id: string }[]) => list.map(({ id }) => id);

describe('actionables shown by the status filter and the status settings', () => {
  it("shows every item with the default filter and settings, in spec.md §9's status order", () => {
    const result = shownByStatus(items, allStatuses, defaults);
    expect(ids(result.shown)).toEqual(['doing', 'todo-1', 'todo-2', 'missed', 'done-early']);
    expect(result).toMatchObject({ filteredOut: 0, hiddenBySettings: 0 });
  });

  it("follows the user's priorities", () => {
    const completedFirst = statusSettingsWith({ completed: { priority: 1 }, 'in-progress': { priority: 4 } });
    expect(ids(shownByStatus(items, allStatuses, completedFirst).shown)).toEqual(['done-early', 'todo-1', 'todo-2', 'missed', 'doing']);
  });

  it('leaves out a status the settings hide, and counts it apart from the filter', () => {
    const noCompleted = statusSettingsWith({ completed: { visible: false } });
    const result = shownByStatus(items, allStatuses, noCompleted);
    expect(ids(result.shown)).toEqual(['doing', 'todo-1', 'todo-2', 'missed']);
    expect(result).toMatchObject({ filteredOut: 0, hiddenBySettings: 1 });
  });

  it('counts an item the filter leaves out once, even when its status is hidden too', () => {
    const noCompleted = statusSettingsWith({ completed: { visible: false } });
    const result = shownByStatus(items, ['pending', 'in-progress'], noCompleted);
    expect(ids(result.shown)).toEqual(['doing', 'todo-1', 'todo-2']);
    expect(result).toMatchObject({ filteredOut: 2, hiddenBySettings: 0 });
  });

  it('shows nothing, counting nothing, for an empty list', () => {
    expect(shownByStatus([], allStatuses, defaults)).toEqual({ shown: [], filteredOut: 0, hiddenBySettings: 0 });
  });
});
