import { defineFeature, type AppServices } from '../feature.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The dashboard (spec.md §7): today's actionables, date-range lists with summaries, the range at a glance. */
export const dashboardFeature = defineFeature<AppServices>({
  name: 'dashboard',
  tags: { dashboard: "Today's list and any date range at a glance" },
  services: (app) => app,
  routes: dashboardRoutes,
});
