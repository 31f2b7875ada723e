import type { Middleware } from 'koa';
import { calendarMessages, feedBody, feedParams, feedUrlResponse } from '@tracker/contracts/calendar/http';
import { NotFound } from '@tracker/domain/common/errors';
import { feedCalendarOf, feedContentsOf, feedOwnerOf } from '@tracker/projections/calendar/calendar-feed.queries';
import type { RateLimitRule } from '../config/config.ts';
import { routesFor, type AnyRoute } from '../http/api-router.ts';
import type { AppState } from '../http/app-state.ts';
import { signedInContext } from '../http/command-context.ts';
import type { CalendarServices } from './calendar.feature.ts';
import { ifNoneMatchNames } from './if-none-match.ts';
import { hashFeedSecret, loggedSegment, secretOfSegment } from './feed-secret.ts';
import { feedETag, feedWindowOf, renderFeed } from './ical-feed.ts';

const route = routesFor<CalendarServices>('calendar');
/** The feed answers from calendar_feeds: a new URL works, and the old one is gone, once the answer is given. */
const SETTLES = ['calendar_feeds'];

/**
 * The feed's limits. Per client address, every request (a flood costs one counter each, before any
 * lookup); per feed, its fetches — calendar apps poll every few minutes to every day. Misses are not
 * counted apart: a calendar service keeps polling rotated URLs from the same addresses as everyone's
 * live ones, and 256-bit secrets leave nothing to guess.
 */
export const FEED_LIMITS: Record<'perAddress' | 'perFeed', RateLimitRule> = {
  perAddress: { limit: 300, windowSeconds: 5 * 60 },
  perFeed: { limit: 60, windowSeconds: 10 * 60 },
};

/** The request's log line shows the feed's path without its secret. */
const secretPathNotLogged: Middleware<AppState> = async (ctx, next) => {
  const segment = ctx.path.slice(ctx.path.lastIndexOf('/') + 1);
  ctx.state.loggedPath = `${ctx.path.slice(0, ctx.path.lastIndexOf('/') + 1)}${loggedSegment(segment)}`;
  await next();
};

export const calendarRoutes: AnyRoute<CalendarServices>[] = [
  route({
    name: 'getCalendarFeedUrl',
    method: 'get',
    path: '/calendar/feed-url',
    summary: "The URL of the caller's private calendar feed (iCalendar), issued on the first ask: whoever has it can read the feed",
    auth: true,
    response: feedUrlResponse,
    settles: SETTLES,
    handle: async ({ ctx, services: { feeds }, settle }) => {
      const { feed, position } = await feeds.run('OpenFeed', signedInContext(ctx));
      await settle(position);
      return { url: feeds.urlOf(feed) };
    },
  }),
  route({
    name: 'rotateCalendarFeedUrl',
    method: 'post',
    path: '/calendar/feed-url/rotate',
    summary: 'A new secret URL for the calendar feed; the old URL answers 404 from then on',
    auth: true,
    response: feedUrlResponse,
    settles: SETTLES,
    handle: async ({ ctx, services: { feeds }, settle }) => {
      const { feed, position } = await feeds.run('RotateFeed', signedInContext(ctx));
      await settle(position);
      return { url: feeds.urlOf(feed) };
    },
  }),
  route({
    name: 'getCalendarFeed',
    method: 'get',
    path: '/calendar/feed/:secret',
    summary:
      'The calendar feed (text/calendar; no token: the secret in the URL is the credential): to-dos with deadlines from last year to five years ahead at their deadline in the user’s zone (VTIMEZONE), habits as all-day events by their schedule (RRULE, frozen days as EXDATE). Answers an ETag; If-None-Match with it → 304',
    auth: false,
    // 404: no feed has this secret (a rotated one, or anything else); 429: this address or this feed is over its limit.
    errors: [404, 429],
    params: feedParams,
    response: feedBody,
    mediaType: 'text/calendar',
    conditional: true,
    before: [secretPathNotLogged],
    handle: async ({ ctx, params, services: { db, rateLimiter } }) => {
      await rateLimiter.hit([{ key: `calendar-feed:ip:${ctx.ip}`, rule: FEED_LIMITS.perAddress }], ctx.state.now);
      const secret = secretOfSegment(params.secret);
      const userId = secret === undefined ? undefined : await feedOwnerOf(db, hashFeedSecret(secret));
      if (userId === undefined) throw new NotFound(calendarMessages.feedNotFound);
      await rateLimiter.hit([{ key: `calendar-feed:user:${userId}`, rule: FEED_LIMITS.perFeed }], ctx.state.now);

      const at = ctx.state.now;
      const window = feedWindowOf(await feedCalendarOf(db, userId, at), at);
      const contents = await feedContentsOf(db, userId, { deadlinesFrom: window.from, deadlinesTo: window.to, freezesFrom: window.firstDay });
      const feed = renderFeed(contents, window);
      ctx.etag = feedETag(feed);
      ctx.type = 'text/calendar; charset=utf-8';
      // Kept by the calendar app (never by a shared cache) and asked again with its ETag each time.
      ctx.set('Cache-Control', 'private, no-cache');
      // The caller's copy is current: nothing to send again.
      if (ifNoneMatchNames(ctx.get('if-none-match') || undefined, ctx.response.get('etag'))) {
        ctx.status = 304;
        return undefined;
      }
      return feed;
    },
  }),
];
