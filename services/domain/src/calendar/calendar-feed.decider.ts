import type { CalendarEvent } from '@tracker/contracts/calendar/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { Decider, Recorded } from '../common/decider.ts';

// A user's calendar feed, in one stream (`calendar-<userId>`): which feed (and so which secret) is
// the current one. The secret itself is derived from `feedId` by the API under the server secret;
// here only its hash travels, which the read model looks a request's secret up by.

export interface CalendarFeed {
  feedId: string;
  secretHash: string;
  issuedAt: string;
}

export type CalendarFeedState = { feed: CalendarFeed | null };

/** `feedId` and `secretHash`: a new feed's, made by the caller; used only when the command issues one. */
export type CalendarFeedCommand =
  { type: 'OpenFeed'; userId: string; feedId: string; secretHash: string } | { type: 'RotateFeed'; userId: string; feedId: string; secretHash: string };

type CalendarStreamEvent = Unversioned<CalendarEvent>;

export const decide = (command: CalendarFeedCommand, state: CalendarFeedState): CalendarStreamEvent[] => {
  const { userId, feedId, secretHash } = command;
  switch (command.type) {
    case 'OpenFeed':
      // The first ask issues the feed; every later one answers the feed there is.
      return state.feed ? [] : [{ type: 'CalendarFeedIssued', data: { userId, feedId, secretHash } }];
    case 'RotateFeed': {
      if (!state.feed) return [{ type: 'CalendarFeedIssued', data: { userId, feedId, secretHash } }];
      // A retry of the same rotation (same Idempotency-Key, so the same feed id) decides nothing.
      if (state.feed.feedId === feedId) return [];
      return [{ type: 'CalendarFeedRotated', data: { userId, feedId, secretHash, previousFeedId: state.feed.feedId } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error('Unknown calendar feed command');
    }
  }
};

export const evolve = (state: CalendarFeedState, event: Recorded<CalendarStreamEvent>): CalendarFeedState => {
  switch (event.type) {
    case 'CalendarFeedIssued':
    case 'CalendarFeedRotated': {
      const { feedId, secretHash } = event.data;
      return { feed: { feedId, secretHash, issuedAt: event.occurredAt } };
    }
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

export const calendarFeedDecider: Decider<CalendarFeedCommand, CalendarStreamEvent, CalendarFeedState> = {
  initialState: () => ({ feed: null }),
  evolve,
  decide,
};
