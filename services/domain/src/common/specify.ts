import { expect } from 'vitest';
import { fold, type Decider, type Recorded } from './decider.ts';

/** given/when/then for deciders: given past events, when a command, then these events (or this error). */
export const specify =
  <Command, Event, State>(decider: Decider<Command, Event, State>) =>
  (given: Recorded<Event>[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, fold(decider, given));
      return {
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenThrows: (error: abstract new (...args: never[]) => Error, message?: string | RegExp) => {
          expect(run).toThrow(error);
          if (message !== undefined) expect(run).toThrow(message);
        },
      };
    },
  });
