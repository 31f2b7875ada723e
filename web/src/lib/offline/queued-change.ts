import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What the queue shows of a change and which item it is about (the item's row shows it waiting). */
export interface ChangeDescription {
  /** Words for people: 'Complete “Read 10 pages”', 'Create habit “Stretch”'. */
  label: string;
  /** The id of the item it completes; none for a create. */
  itemId?: string;
}

/** A request the app may keep on the device when the server cannot be reached, and send later with the same key. */
export type QueueableArgs = FetchArgs & { offline?: ChangeDescription };

/** A change kept on the device: the request as it would have gone, with its Idempotency-Key, in the order made. */
export interface QueuedChange extends ChangeDescription {
  /** The Idempotency-Key it was made with: a resend is the same action to the server, never a second one. */
  key: string;
  userId: string;
  url: string;
  method: string;
  body?: unknown;
  queuedAt: string;
}

/** A queued change the server refused when it was sent, with the server's own words. */
export interface RefusedChange {
  key: string;
  userId: string;
  label: string;
  message: string;
}

/**
 * A create or a completion that may wait on the device: `request` as the endpoint builds it (with
 * its Idempotency-Key header), and what the queue says about it. The base query keeps it when the
 * server cannot be reached (lib/api/base-query.ts) and answers `queuedError`.
 */
export const queueable = (request: FetchArgs, description: ChangeDescription): QueueableArgs => ({ ...request, offline: description });

export const QUEUED_TEXT = 'Saved on this device. It will be sent when the connection returns.';

/** The answer of a change that went into the queue instead of to the server: an error to RTK Query, not a failure to the user. */
export const queuedError = (): FetchBaseQueryError => ({ status: 'CUSTOM_ERROR', error: 'queued', data: { message: QUEUED_TEXT, queued: true } });

/** Whether a call's error means "kept on the device, to be sent later" (screens show it as waiting, not as failed). */
export const isQueued = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'data' in error &&
  typeof error.data === 'object' &&
  error.data !== null &&
  'queued' in error.data &&
  error.data.queued === true;

/** No answer at all: the network is down, or the server is out of reach. */
export const isUnreachable = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');

/**
 * A queueable mutation's tags, none when its change went into the queue: nothing changed on the
 * server yet, and RTK Query drops an invalidated read that no screen is showing, so the habits loaded
 * a minute ago would be gone when the user goes back to them offline. The queue refreshes every read
 * once its changes are sent (outbox-sender.ts).
 */
export const unlessQueued =
  <Tag, Result, Failure, Arg>(tags: readonly Tag[] | ((result: Result | undefined, error: Failure | undefined, arg: Arg) => readonly Tag[])) =>
  (result: Result | undefined, error: Failure | undefined, arg: Arg): readonly Tag[] =>
    isQueued(error) ? [] : typeof tags === 'function' ? tags(result, error, arg) : tags;
