import { defineContractFeature } from '../feature.ts';
import { actionableEvents, importEvents } from './events.ts';

// `import-<uuid>`: one import of actionables (ActionablesImported); habits share `actionable-<id>`.
export const actionablesContract = defineContractFeature({
  name: 'actionables',
  events: [...actionableEvents, ...importEvents],
  streams: ['actionable', 'import'],
});
