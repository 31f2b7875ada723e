import { describe, it } from 'vitest';
import { specify } from '../common/specify.ts';
import { calendarFeedDecider } from './calendar-feed.decider.ts';

const given = specify(calendarFeedDecider);
const userId = '22222222-2222-4222-8222-222222222222';
const first = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const second = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const hash = (c: string) => c.repeat(64);
const issued = (feedId: string, secretHash: string) => ({
  type: 'CalendarFeedIssued' as const,
  data: { userId, feedId, secretHash },
  occurredAt: '2026-11-26T12:00:00.000Z',
});
const rotated = (feedId: string, secretHash: string, previousFeedId: string) => ({
  type: 'CalendarFeedRotated' as const,
  data: { userId, feedId, secretHash, previousFeedId },
  occurredAt: '2026-11-26T13:00:00.000Z',
});

describe('opening the calendar feed', () => {
  it('issues the first feed', () =>
    given([])
      .when({ type: 'OpenFeed', userId, feedId: first, secretHash: hash('a') })
      .then([{ type: 'CalendarFeedIssued', data: { userId, feedId: first, secretHash: hash('a') } }]));
  it('issues nothing once there is one: every later ask gets the same feed', () =>
    given([issued(first, hash('a'))])
      .when({ type: 'OpenFeed', userId, feedId: second, secretHash: hash('b') })
      .thenNothing());
  it('issues nothing after a rotation either', () =>
    given([issued(first, hash('a')), rotated(second, hash('b'), first)])
      .when({ type: 'OpenFeed', userId, feedId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', secretHash: hash('c') })
      .thenNothing());
});

describe('rotating the calendar feed', () => {
  it('replaces the current feed, naming the one it replaces', () =>
    given([issued(first, hash('a'))])
      .when({ type: 'RotateFeed', userId, feedId: second, secretHash: hash('b') })
      .then([{ type: 'CalendarFeedRotated', data: { userId, feedId: second, secretHash: hash('b'), previousFeedId: first } }]));
  it('issues a first feed when there is none to replace', () =>
    given([])
      .when({ type: 'RotateFeed', userId, feedId: second, secretHash: hash('b') })
      .then([{ type: 'CalendarFeedIssued', data: { userId, feedId: second, secretHash: hash('b') } }]));
  it('does nothing for a retry of the rotation that made the current feed', () =>
    given([issued(first, hash('a')), rotated(second, hash('b'), first)])
      .when({ type: 'RotateFeed', userId, feedId: second, secretHash: hash('b') })
      .thenNothing());
});
