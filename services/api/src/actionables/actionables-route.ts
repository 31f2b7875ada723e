import { routesFor } from '../http/api-router.ts';
import type { ActionablesServices } from './actionables.feature.ts';

/** How the actionables feature's route files declare a route (in the tag they share) and what their commands settle on. */
export const route = routesFor<ActionablesServices>('actionables');
/** Every actionable or habit command's answer and the caller's next read come from these (read-your-writes). */
export const SETTLES = ['actionables', 'points_ledger'];
