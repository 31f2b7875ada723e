import { defineContractFeature } from '../feature.ts';
import { actionableEvents, freezeEvents, importEvents } from './events.ts';

// `import-<uuid>`: one import of actionables (ActionablesImported); habits share `actionable-<id>`;
// `freeze-<userId>`: a user's habit freezes.
export const actionablesContract = defineContractFeature({
  name: 'actionables',
  events: [...actionableEvents, ...importEvents, ...freezeEvents],
  streams: ['actionable', 'import', 'freeze'],
});
