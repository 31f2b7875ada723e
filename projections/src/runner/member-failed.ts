import type { Position } from '@tracker/eventstore/port';

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A member could not apply an event: which one, where, and why. */
export class MemberFailed extends Error {
  readonly position: Position;
  readonly type: string;
  readonly stream: string;
  constructor(
    readonly member: string,
    event: { position: Position; type: string; stream: string },
    override readonly cause: unknown,
  ) {
    super(`${member} failed at ${event.type} (${event.position}): ${errorText(cause)}`);
    this.name = 'MemberFailed';
    this.position = event.position;
    this.type = event.type;
    this.stream = event.stream;
  }
}
