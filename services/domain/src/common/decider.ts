/** An event as stored: what a decider produced, stamped with the instant it was recorded. */
export type Recorded<Event> = Event & { occurredAt: string };

/** A pure aggregate: decide turns a command and the current state into events; evolve folds them. */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Recorded<Event>) => State;
  decide: (command: Command, state: State) => Event[];
}

export const fold = <Event, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: Recorded<Event>[]): State =>
  events.reduce(decider.evolve, decider.initialState());
