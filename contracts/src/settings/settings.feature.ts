import { defineContractFeature } from '../feature.ts';
import { settingsEvents } from './events.ts';

// Settings events go into the user's stream (`user-<id>`, see ./events.ts): no stream of their own.
export const settingsContract = defineContractFeature({ name: 'settings', events: settingsEvents, streams: [] });
