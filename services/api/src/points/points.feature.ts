import { defineFeature, type AppServices } from '../feature.ts';
import { pointsRoutes } from './points.routes.ts';
import { weekStartFromSettings, type WeekStartOf } from './week-start.ts';

export interface PointsServices extends AppServices {
  weekStartOf: WeekStartOf;
}

/** Points (spec.md §7): stats, recent activity, the heatmap and the leaderboard, from read models only. */
export const pointsFeature = defineFeature<PointsServices>({
  name: 'points',
  tags: { points: 'Points totals, activity, heatmap and leaderboard' },
  services: (app) => ({ ...app, weekStartOf: weekStartFromSettings(app.db) }),
  routes: pointsRoutes,
});
