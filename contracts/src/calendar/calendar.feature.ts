import { defineContractFeature } from '../feature.ts';
import { calendarEvents } from './events.ts';

// `calendar-<userId>`: the user's calendar feed (its current secret's hash).
export const calendarContract = defineContractFeature({ name: 'calendar', events: calendarEvents, streams: ['calendar'] });
