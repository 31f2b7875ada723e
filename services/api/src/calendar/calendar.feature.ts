import { randomUUID } from 'node:crypto';
import { streamName } from '@tracker/contracts/streams';
import { calendarFeedDecider, type CalendarFeed } from '@tracker/domain/calendar/calendar-feed.decider';
import type { Position } from '@tracker/eventstore/port';
import { createRateLimiter, type RateLimiter } from '../auth/rate-limiter.ts';
import { derivedUuid, type CommandContext } from '../commands/command-handler.ts';
import { defineFeature, type AppServices } from '../feature.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { feedSecretOf, feedUrlOf } from './feed-secret.ts';

export interface FeedCommands {
  /** Opens the caller's feed (issued on the first ask) or rotates it; the feed now current, and where its event landed. */
  run(type: 'OpenFeed' | 'RotateFeed', context: CommandContext): Promise<{ feed: CalendarFeed; position?: Position | undefined }>;
  /** A feed's URL, with its secret derived again. */
  urlOf(feed: CalendarFeed): string;
}

export interface CalendarServices extends AppServices {
  feeds: FeedCommands;
  rateLimiter: RateLimiter;
}

const createFeedCommands = (app: AppServices): FeedCommands => ({
  async run(type, context) {
    // A retry under the same Idempotency-Key names the same feed, so a rotation retried rotates once.
    const feedId = context.idempotencyKey ? derivedUuid(context.userId, context.idempotencyKey, 'calendar-feed') : randomUUID();
    const { secretHash } = feedSecretOf(app.deriveFromSecret, feedId);
    const { state, position } = await app.commands.execute(
      calendarFeedDecider,
      streamName('calendar', context.userId),
      { type, userId: context.userId, feedId, secretHash },
      context,
    );
    // Every command leaves a feed (the first ask issues one).
    return { feed: state.feed!, position };
  },
  urlOf: (feed) => feedUrlOf(app.config.appUrl, feedSecretOf(app.deriveFromSecret, feed.feedId).secret),
});

/** A private iCalendar feed per user (to-dos with deadlines, habits by schedule) at a secret URL the user can rotate. */
export const calendarFeature = defineFeature<CalendarServices>({
  name: 'calendar',
  tags: {
    calendar: "The user's private calendar feed (iCalendar, RFC 5545): its secret URL, rotating it, and the feed itself",
  },
  services: (app) => ({ ...app, feeds: createFeedCommands(app), rateLimiter: createRateLimiter(app.ops) }),
  routes: calendarRoutes,
});
