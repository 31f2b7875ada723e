import { describe, expect, it } from 'vitest';
import { readModelFeatures, tablesByProjector } from './features.ts';

describe('read-model features', () => {
  it('declare the tables of each of their projectors, and only of theirs', () => {
    for (const feature of readModelFeatures) {
      expect(Object.keys(feature.owns).sort(), feature.name).toEqual(feature.projectors.map((projector) => projector.name).sort());
    }
  });

  it('give every table one owner', () => {
    const tables = Object.values(tablesByProjector).flatMap((owned) => Object.keys(owned));
    expect(new Set(tables).size).toBe(tables.length);
  });
});
