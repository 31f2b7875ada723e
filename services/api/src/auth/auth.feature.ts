import { defineFeature, type AppServices } from '../feature.ts';
import { createAccounts, type Accounts } from './accounts.ts';
import { authRoutes } from './auth.routes.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

export interface AuthServices extends AppServices {
  accounts: Accounts;
  rateLimiter: RateLimiter;
  limits: AppServices['config']['rateLimits'];
}

/** Accounts: register, log in, profile, password reset, e-mail verification. */
export const authFeature = defineFeature<AuthServices>({
  name: 'auth',
  services: (app) => ({
    ...app,
    accounts: createAccounts({ store: app.store, commands: app.commands, passwords: app.passwords, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log }),
    rateLimiter: createRateLimiter(app.ops),
    limits: app.config.rateLimits,
  }),
  routes: authRoutes,
});
