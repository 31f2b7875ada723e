/** An event as stored: what a decider produced, stamped with the instant it was recorded. */
export type Recorded<Event> = Event & { occurredAt: string };

/** A pure aggregate: decide turns a command and the current state into events; evolve folds them. */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  evolve: (state: State, event: Recorded<Event>) => State;
  decide: (command: Command, state: State) => Event[];
  /**
   * Set when the state may be kept as a snapshot (it is plain JSON: no Date, Map, class or
   * undefined that matters). Names the state's shape: change it whenever State or evolve changes,
   * and snapshots of the old shape are ignored.
   */
  snapshotSchema?: string;
}

export const fold = <Event, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: Recorded<Event>[]): State =>
  events.reduce(decider.evolve, decider.initialState());
