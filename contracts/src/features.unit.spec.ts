import { describe, expect, it } from 'vitest';
import { domainEventTypes } from './events.ts';
import { contractFeatures } from './features.ts';
import { categoryOf, isRegisteredStream, streamCategories, streamName } from './streams.ts';

describe('contract features', () => {
  it('catalogue every event of every feature once', () => {
    const declared = contractFeatures.flatMap((feature) => feature.events.map((event) => event.shape.type.value));
    expect(domainEventTypes).toEqual(declared);
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('register each stream category once, as a name without a dash', () => {
    expect(new Set(streamCategories).size).toBe(streamCategories.length);
    for (const category of streamCategories) expect(category).toMatch(/^[a-z]+$/);
  });

  it('list only categories something writes: settings live in the user stream', () => {
    expect(streamCategories).toEqual(expect.arrayContaining(['user', 'email', 'reset', 'goal', 'task', 'subtask', 'actionable', 'import']));
    expect(streamCategories).not.toContain('settings');
  });

  it('name streams `<category>-<id>` and tell a registered one', () => {
    const stream = streamName('goal', 'a1b2');
    expect(stream).toBe('goal-a1b2');
    expect(categoryOf(stream)).toBe('goal');
    expect(isRegisteredStream(stream)).toBe(true);
    expect(isRegisteredStream('settings-a1b2')).toBe(false);
  });
});
