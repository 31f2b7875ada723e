import type { Projector } from './projector.ts';
import { usersProjection } from './users/users.projection.ts';

/** Every read model's projector; the runner, the progress waiter and rebuilds use this list. */
export const allProjectors: Projector[] = [usersProjection];
