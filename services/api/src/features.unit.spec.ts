import { describe, expect, it } from 'vitest';
import { apiFeatures } from './features.ts';

/** Whether one request could match both paths: the same number of segments, each the same or a parameter on either side. */
const overlap = (a: string, b: string): boolean => {
  const x = a.split('/');
  const y = b.split('/');
  return x.length === y.length && x.every((segment, i) => segment.startsWith(':') || y[i]!.startsWith(':') || segment === y[i]);
};

describe('the API features', () => {
  it('never share a request: the order they are mounted in decides nothing', () => {
    const shared = apiFeatures.flatMap((a, i) =>
      apiFeatures
        .slice(i + 1)
        .flatMap((b) =>
          a.routes.flatMap((x) =>
            b.routes
              .filter((y) => x.method.toLowerCase() === y.method.toLowerCase() && overlap(x.path, y.path))
              .map((y) => `${a.name} ${x.path} ~ ${b.name} ${y.path}`),
          ),
        ),
    );
    expect(shared).toEqual([]);
    // The audit's /points/audit beside the points feature's literal paths; a parameter there would catch it.
    expect(overlap('/points/audit', '/points/:view')).toBe(true);
    expect(overlap('/points/audit', '/points/stats')).toBe(false);
  });

  it('are each listed once, by name', () => {
    const names = apiFeatures.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
