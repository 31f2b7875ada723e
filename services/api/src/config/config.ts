import path from 'node:path';
import { z } from 'zod';

const list = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : [],
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  EVENTSTORE_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_TTL: z.string().default('7d'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Points Tracker <no-reply@points-tracker.local>'),
  APP_URL: z.string().optional(),
  CORS_ORIGINS: list,
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(10),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  ANSWER_CACHE_MB: z.coerce.number().min(0).max(1024).default(4),
  PROJECTIONS_THREAD: z.enum(['on', 'off']).default('on'),
  READY_MAX_LAG_MS: z.coerce.number().int().min(0).default(30_000),
  ACCOUNT_MAX_ACTIONABLES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  WEBHOOK_ALLOW_HOSTS: list,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60_000),
  WEBHOOK_PAUSE_AFTER: z.coerce.number().int().min(1).max(100).default(10),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(1000),
  REMINDER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(15_000),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  eventstoreUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  bcryptCost: number;
  readYourWritesTimeoutMs: number;
  /** Memory for answers kept per user (http/answer-cache.ts), in MiB; 0: none kept. */
  answerCacheMb: number;
  /** `npm start` (role all): projections on a thread of their own, not on the API's event loop. */
  projectionsOnThread: boolean;
  /** /api/ready answers 503 once a projector has been behind the log for longer than this. */
  readyMaxLagMs: number;
  /** Live actionables and habits one account may hold: an import that would go beyond is refused whole. */
  accountMaxActionables: number;
  /**
   * Webhooks: hosts the operator lets webhooks reach although they resolve to loopback, private or
   * link-local addresses (`host` or `host:port`; none by default), the time bound of one attempt,
   * the backoff, the failures in a row that pause a webhook, and how often the queue is looked at.
   */
  webhooks: { allowHosts: string[]; timeoutMs: number; retryBaseMs: number; retryMaxMs: number; pauseAfterFailures: number; pollMs: number };
  /** Reminder mail: how often due reminders are looked for (ms); a reminder goes out at most this late. */
  reminders: { pollMs: number };
  /** Personal API tokens: requests per minute each token may make (429 beyond, with Retry-After). */
  apiTokens: { rateLimit: RateLimitRule };
  /**
   * Login protection (OWASP; rate-limiter-flexible's "login endpoint" scheme): failed attempts are
   * counted per (e-mail, client address) — a stranger's failures never lock the owner out from their
   * own address — and per address across e-mails, in steps of short windows that slow the address
   * down rather than shut out everyone behind it (a shared office or phone network) for long; a
   * success clears its (e-mail, address) count. Forgot-password: a request past `forgotPerEmail`
   * is answered alike and mails nothing (the owner may ask again once the short window has passed);
   * past `forgotPerIp` the asking address gets 429.
   */
  rateLimits: Record<'loginFailuresPerEmailAndIp' | 'registerPerEmail' | 'registerPerIp' | 'forgotPerEmail' | 'forgotPerIp', RateLimitRule> & {
    /** Steps, shortest window first: reaching one makes the address wait out that window. */
    loginFailuresPerIp: RateLimitRule[];
  };
}

export const defaultRateLimits: Config['rateLimits'] = {
  loginFailuresPerEmailAndIp: { limit: 10, windowSeconds: 15 * 60 },
  // A typo-prone office gets 10 failures a minute; a sprayer waits up to a minute, then 5, then 15
  // (at most 160 guesses an hour from one address), and nobody behind it waits longer than that.
  loginFailuresPerIp: [
    { limit: 10, windowSeconds: 60 },
    { limit: 20, windowSeconds: 5 * 60 },
    { limit: 40, windowSeconds: 15 * 60 },
  ],
  registerPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  registerPerIp: { limit: 20, windowSeconds: 60 * 60 },
  // Reset mails to one account: two per five minutes, however many addresses ask.
  forgotPerEmail: { limit: 2, windowSeconds: 5 * 60 },
  forgotPerIp: { limit: 20, windowSeconds: 60 * 60 },
};

/** Reads the environment once at start; a bad value stops the process with the variable's name. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable (`FOO=` in a shell or compose file) means unset, not an empty value.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    eventstoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    bcryptCost: e.BCRYPT_COST,
    readYourWritesTimeoutMs: e.READ_YOUR_WRITES_TIMEOUT_MS,
    answerCacheMb: e.ANSWER_CACHE_MB,
    projectionsOnThread: e.PROJECTIONS_THREAD === 'on',
    readyMaxLagMs: e.READY_MAX_LAG_MS,
    accountMaxActionables: e.ACCOUNT_MAX_ACTIONABLES,
    webhooks: {
      allowHosts: e.WEBHOOK_ALLOW_HOSTS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      pauseAfterFailures: e.WEBHOOK_PAUSE_AFTER,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    reminders: { pollMs: e.REMINDER_POLL_MS },
    apiTokens: { rateLimit: { limit: e.API_TOKEN_RATE_LIMIT, windowSeconds: 60 } },
    rateLimits: defaultRateLimits,
  };
};
