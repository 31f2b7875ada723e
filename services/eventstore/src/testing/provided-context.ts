import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test run's PostgreSQL (superuser); tests create their own databases on it. */
    adminDatabaseUrl: string;
  }
}
