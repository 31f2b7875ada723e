import { defineContractFeature } from '../feature.ts';
import { archiveEvents } from './events.ts';

// `restore-<userId>`: the account's one restore from an archive (the events it brings in).
export const archiveContract = defineContractFeature({ name: 'archive', events: archiveEvents, streams: ['restore'] });
