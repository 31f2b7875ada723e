import { defineFeature } from '../feature.ts';
import { systemRoutes } from './system.routes.ts';

export const systemFeature = defineFeature({ name: 'system', services: (app) => app, routes: systemRoutes });
