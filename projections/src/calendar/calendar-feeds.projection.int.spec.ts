import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import type { Row } from '../db.ts';
import { projectedEvent, projectorSpec, type EventContext } from '../testing/projector-spec.ts';
import { calendarFeedsProjection } from './calendar-feeds.projection.ts';

const alice = randomUUID();
const bob = randomUUID();
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 9, minutes)).toISOString();
const by = (userId: string, minutes: number): EventContext => ({ userId, at: at(minutes) });
const hash = (c: string) => c.repeat(64);

const issued = (context: EventContext, feedId: string, secretHash: string) =>
  projectedEvent('CalendarFeedIssued', { userId: context.userId, feedId, secretHash }, context);
const rotated = (context: EventContext, feedId: string, secretHash: string, previousFeedId: string) =>
  projectedEvent('CalendarFeedRotated', { userId: context.userId, feedId, secretHash, previousFeedId }, context);

const feed = (userId: string, feedId: string, secretHash: string, minutes: number): Row<'calendar_feeds'> => ({
  user_id: userId,
  feed_id: feedId,
  secret_hash: secretHash,
  issued_at: new Date(at(minutes)),
});

describe('calendar feeds projection', () => {
  const given = projectorSpec(calendarFeedsProjection);
  const first = randomUUID();
  const second = randomUUID();
  const bobs = randomUUID();

  it('records each user’s feed by its secret’s hash', () =>
    given()
      .when([issued(by(alice, 1), first, hash('a')), issued(by(bob, 2), bobs, hash('b'))])
      .then({ calendar_feeds: [feed(alice, first, hash('a'), 1), feed(bob, bobs, hash('b'), 2)] }));

  it('a rotation replaces the user’s feed: the old hash is gone, the other user’s stays', () =>
    given([issued(by(alice, 1), first, hash('a')), issued(by(bob, 2), bobs, hash('b'))])
      .when([rotated(by(alice, 5), second, hash('c'), first)])
      .then({ calendar_feeds: [feed(alice, second, hash('c'), 5), feed(bob, bobs, hash('b'), 2)] }));

  it('a second rotation replaces the first', () =>
    given([issued(by(alice, 1), first, hash('a')), rotated(by(alice, 5), second, hash('c'), first)])
      .when([rotated(by(alice, 9), first, hash('d'), second)])
      .then({ calendar_feeds: [feed(alice, first, hash('d'), 9)] }));
});
