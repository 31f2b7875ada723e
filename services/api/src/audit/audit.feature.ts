import { defineFeature, type AppServices } from '../feature.ts';
import { auditRoutes } from './audit.routes.ts';

/** The points audit (DESIGN.md, Projections: audit): the one query that reads the log. */
export const auditFeature = defineFeature<AppServices>({
  name: 'audit',
  services: (app) => app,
  routes: auditRoutes,
});
