import { defineFeature, type AppServices } from '../feature.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Settings (spec.md §7): time zone, week start, theme and status settings, event-sourced on the user's stream. */
export const settingsFeature = defineFeature<AppServices>({
  name: 'settings',
  tags: { settings: "The user's time zone, day start, week start, theme and status settings" },
  services: (app) => app,
  routes: settingsRoutes,
});
