import { defineContractFeature } from '../feature.ts';
import { goalEvents, subtaskEvents, taskEvents } from './events.ts';

export const goalsContract = defineContractFeature({
  name: 'goals',
  events: [...goalEvents, ...taskEvents, ...subtaskEvents],
  streams: ['goal', 'task', 'subtask'],
});
