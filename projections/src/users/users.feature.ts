import * as spine from '../../migrations/2026-11-22-0001_spine.ts';
import * as passwordChangedAt from '../../migrations/2026-11-22-0003_password_changed_at.ts';
import * as rateLimitsLeave from '../../migrations/2026-11-23-0004_rate_limits_leave_read_models.ts';
import * as partitionedCheckpoints from '../../migrations/2026-11-27-0013_partitioned_checkpoints.ts';
import * as advanceCheckpointsFunction from '../../migrations/2026-11-27-0020_advance_checkpoints_function.ts';
import * as readVersions from '../../migrations/2026-11-28-0021_read_versions.ts';
import { defineReadModelFeature } from '../feature.ts';
import { usersProjection } from './users.projection.ts';
import type { UsersReadModels } from './users.tables.ts';

/** Users (and the spine's first tables: checkpoints, later one per partition, moved by a function of the schema; the users' read versions). */
export const usersReadModels = defineReadModelFeature<UsersReadModels>()({
  name: 'users',
  projectors: [usersProjection],
  owns: { users: { users: 'id' } },
  migrations: {
    '2026-11-22-0001_spine': spine,
    '2026-11-22-0003_password_changed_at': passwordChangedAt,
    '2026-11-23-0004_rate_limits_leave_read_models': rateLimitsLeave,
    '2026-11-27-0013_partitioned_checkpoints': partitionedCheckpoints,
    '2026-11-27-0020_advance_checkpoints_function': advanceCheckpointsFunction,
    '2026-11-28-0021_read_versions': readVersions,
  },
});
