import type { Position } from '@tracker/eventstore/port';
import { defineFeature, type AppServices } from '../feature.ts';
import { createProjectionLag, type ProjectionLag } from './projection-lag.ts';
import { systemRoutes } from './system.routes.ts';

export interface SystemServices extends AppServices {
  /** How long each projector has been behind the log, as /api/ready's probes saw it. */
  projectionLag: ProjectionLag<Position | 'start'>;
}

export const systemFeature = defineFeature<SystemServices>({
  name: 'system',
  tags: { system: 'Liveness, readiness and this description' },
  services: (app) => ({ ...app, projectionLag: createProjectionLag<Position | 'start'>((a, b) => app.store.comparePositions(a, b)) }),
  routes: systemRoutes,
});
