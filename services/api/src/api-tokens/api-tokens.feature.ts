import { defineFeature, type AppServices } from '../feature.ts';
import { apiTokensRoutes } from './api-tokens.routes.ts';

/**
 * Personal API tokens (issue 20): a user's scripts and tools call /api with a token of their own,
 * scoped read or read-write, listed with its last use, revoked from settings. Requests carrying one
 * are authenticated by auth/require-auth.ts through api-token-authenticator.ts.
 */
export const apiTokensFeature = defineFeature<AppServices>({
  name: 'apiTokens',
  tags: { tokens: "Personal API tokens: the user's own scripts and tools call the API with them (managed with a signed-in session only)" },
  services: (app) => app,
  routes: apiTokensRoutes,
});
