import * as settingsMigration from '../../migrations/2026-11-23-0006_settings.ts';
import type { ReadModelFeature } from '../feature.ts';
import { settingsProjection } from './settings.projection.ts';

/** User settings (time zone, week start, theme, status settings). */
export const settingsReadModels: ReadModelFeature = {
  name: 'settings',
  projectors: [settingsProjection],
  migrations: { '2026-11-23-0006_settings': settingsMigration },
};
