import { defineContractFeature } from '../feature.ts';
import { pointsEvents } from './events.ts';

// Points events go into the stream of the item that earned them, in the same append.
export const pointsContract = defineContractFeature({ name: 'points', events: pointsEvents, streams: [] });
