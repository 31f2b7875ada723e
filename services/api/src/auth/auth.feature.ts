import { defineFeature, type AppServices } from '../feature.ts';
import { createAccounts, type Accounts } from './accounts.ts';
import { authRoutes } from './auth.routes.ts';
import { accountMailReactor } from './mail.reactor.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';

export interface AuthServices extends AppServices {
  accounts: Accounts;
  rateLimiter: RateLimiter;
  limits: AppServices['config']['rateLimits'];
}

/** Accounts: register, log in, profile, password reset, e-mail verification; their mail, sent by a reactor. */
export const authFeature = defineFeature<AuthServices>({
  name: 'auth',
  tags: {
    auth: 'Accounts: registration, login, the signed-in user, passwords and e-mail verification',
    users: "The signed-in user's profile",
  },
  services: (app) => ({
    ...app,
    accounts: createAccounts({
      store: app.store,
      commands: app.commands,
      passwords: app.passwords,
      mailer: app.mailer,
      appUrl: app.config.appUrl,
      deriveFromSecret: app.deriveFromSecret,
    }),
    rateLimiter: createRateLimiter(app.ops),
    limits: app.config.rateLimits,
  }),
  routes: authRoutes,
  reactors: ({ accounts }) => [accountMailReactor(accounts)],
});
