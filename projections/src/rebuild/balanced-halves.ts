/**
 * The projectors in two groups of about equal cost (what each took so far: the costliest first,
 * each to the group with less), each group in the order given.
 */
export const balancedHalves = <P extends { name: string }>(projectors: readonly P[], cost: ReadonlyMap<string, number>): P[][] => {
  const load = [0, 0];
  const groupOf = new Map<string, number>();
  for (const projector of [...projectors].sort((a, b) => (cost.get(b.name) ?? 0) - (cost.get(a.name) ?? 0))) {
    const lighter = load[0]! <= load[1]! ? 0 : 1;
    groupOf.set(projector.name, lighter);
    load[lighter]! += cost.get(projector.name) ?? 0;
  }
  return [0, 1].map((group) => projectors.filter((p) => groupOf.get(p.name) === group)).filter((half) => half.length > 0);
};
