import * as calendarFeedsMigration from '../../migrations/2026-11-27-0014_calendar_feeds.ts';
import { defineReadModelFeature } from '../feature.ts';
import { calendarFeedsProjection } from './calendar-feeds.projection.ts';
import type { CalendarReadModels } from './calendar.tables.ts';

/** Calendar feeds: each user's current feed secret, by its hash. */
export const calendarReadModels = defineReadModelFeature<CalendarReadModels>()({
  name: 'calendar',
  projectors: [calendarFeedsProjection],
  owns: { calendar_feeds: { calendar_feeds: 'user_id' } },
  migrations: { '2026-11-27-0014_calendar_feeds': calendarFeedsMigration },
});
