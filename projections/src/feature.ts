import type { Migration } from 'kysely';
import type { Projector } from './projector.ts';

/** What a feature brings to the read side: its projectors and the migrations of their tables. */
export interface ReadModelFeature {
  name: string;
  projectors: readonly Projector[];
  /** Named `<date>-<n>_<what>`: names from every feature sort together into one order. */
  migrations: Record<string, Migration>;
}
