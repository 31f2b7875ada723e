import { describe, expect, it } from 'vitest';
import { balancedHalves } from './balanced-halves.ts';

const projectors = ['goals', 'actionables', 'points_ledger', 'activities', 'users'].map((name) => ({ name }));
const names = (groups: Array<Array<{ name: string }>>) => groups.map((group) => group.map((p) => p.name));

describe('sharing the projectors between two transactions', () => {
  it('puts the costliest alone when it costs as much as the rest, each group in the order given', () => {
    const cost = new Map([
      ['actionables', 7.9],
      ['points_ledger', 2.9],
      ['activities', 2.1],
      ['goals', 0.5],
      ['users', 0.2],
    ]);
    expect(names(balancedHalves(projectors, cost))).toEqual([['actionables'], ['goals', 'points_ledger', 'activities', 'users']]);
  });

  it('evens out projectors of about equal cost', () => {
    const cost = new Map(projectors.map(({ name }, index) => [name, 10 + index]));
    const groups = balancedHalves(projectors, cost);
    const load = groups.map((group) => group.reduce((sum, p) => sum + cost.get(p.name)!, 0));
    expect(groups.flat()).toHaveLength(projectors.length);
    expect(Math.abs(load[0]! - load[1]!)).toBeLessThanOrEqual(14);
  });

  it('keeps them all in one transaction before anything was timed, and one projector alone', () => {
    expect(names(balancedHalves(projectors, new Map()))).toEqual([projectors.map((p) => p.name)]);
    expect(names(balancedHalves([{ name: 'users' }], new Map([['users', 3]])))).toEqual([['users']]);
  });
});
