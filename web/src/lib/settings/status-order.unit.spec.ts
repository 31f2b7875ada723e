import { settingsDefaults } from '@tracker/contracts/settings/http';
import { describe, expect, it } from 'vitest';
import { arrangeByStatus, isStatusVisible, orderStatuses, orderedStatuses, sortByStatus, withPriority } from './status-order.ts';
import { statusSettingsWith } from '../../testing/fixtures.ts';

const defaults = settingsDefaults.statusSettings;
const items = [
  { id: 'a', status: 'completed' },
  { id: 'b', status: 'pending' },
  { id: 'c', status: 'in-progress' },
  { id: 'd', status: 'pending' },
  { id: 'e', status: 'not-approached' },
];

describe('status order', () => {
  it('ranks the statuses as spec.md §9 sets them by default', () => {
    expect(orderedStatuses(defaults)).toEqual(['in-progress', 'pending', 'not-approached', 'completed']);
    // Goals and tasks show three of the four.
    expect(orderStatuses(defaults, ['pending', 'in-progress', 'completed'])).toEqual(['in-progress', 'pending', 'completed']);
  });

  it("sorts items by their status's priority and keeps their order within a status", () => {
    expect(sortByStatus(defaults, items).map(({ id }) => id)).toEqual(['c', 'b', 'd', 'e', 'a']);
    const completedFirst = statusSettingsWith({ completed: { priority: 1 }, 'in-progress': { priority: 4 } });
    expect(sortByStatus(completedFirst, items).map(({ id }) => id)).toEqual(['a', 'b', 'd', 'e', 'c']);
  });

  it('leaves out the items of a hidden status', () => {
    const noCompleted = statusSettingsWith({ completed: { visible: false } });
    expect(isStatusVisible(noCompleted, 'completed')).toBe(false);
    expect(isStatusVisible(noCompleted, 'pending')).toBe(true);
    expect(arrangeByStatus(noCompleted, items).map(({ id }) => id)).toEqual(['c', 'b', 'd', 'e']);
  });

  it('puts an unknown status last and shows it', () => {
    const odd = [{ status: 'archived' }, { status: 'completed' }];
    expect(arrangeByStatus(defaults, odd).map(({ status }) => status)).toEqual(['completed', 'archived']);
  });

  it('does not change the list it is given', () => {
    const copy = structuredClone(items);
    sortByStatus(defaults, items);
    expect(items).toEqual(copy);
  });
});

describe('moving a status to another rank', () => {
  it('swaps ranks with the status that held it, so the four keep 1–4', () => {
    const moved = withPriority(defaults, 'completed', 1);
    expect(moved.completed.priority).toBe(1);
    expect(moved['in-progress'].priority).toBe(4);
    expect(new Set(Object.values(moved).map(({ priority }) => priority))).toEqual(new Set([1, 2, 3, 4]));
    expect(orderedStatuses(moved)).toEqual(['completed', 'pending', 'not-approached', 'in-progress']);
  });

  it('changes nothing when the rank is the one it has', () => {
    expect(withPriority(defaults, 'pending', 2)).toEqual(defaults);
  });
});
