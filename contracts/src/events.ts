import { z } from 'zod';
import { actionableEvents, importEvents } from './actionables/events.ts';
import { goalEvents, subtaskEvents, taskEvents } from './goals/events.ts';
import { pointsEvents } from './points/events.ts';
import { settingsEvents } from './settings/events.ts';
import { emailReserved, passwordResetAsked, userEvents } from './users/events.ts';

/** The catalogue of every event in the log: what projections and audits parse against. */
export const domainEvent = z.discriminatedUnion('type', [
  emailReserved,
  passwordResetAsked,
  ...userEvents,
  ...settingsEvents,
  ...goalEvents,
  ...taskEvents,
  ...subtaskEvents,
  ...actionableEvents,
  ...importEvents,
  ...pointsEvents,
]);
export type DomainEvent = z.infer<typeof domainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Every event type name, in catalogue order. */
export const domainEventTypes: readonly DomainEventType[] = domainEvent.options.map((option) => option.shape.type.value);
