import * as settingsMigration from '../../migrations/2026-11-23-0006_settings.ts';
import { defineReadModelFeature } from '../feature.ts';
import { settingsProjection } from './settings.projection.ts';
import type { SettingsReadModels } from './settings.tables.ts';

/** User settings (time zone, week start, theme, status settings). */
export const settingsReadModels = defineReadModelFeature<SettingsReadModels>()({
  name: 'settings',
  projectors: [settingsProjection],
  owns: { user_settings: { user_settings: 'user_id' } },
  migrations: { '2026-11-23-0006_settings': settingsMigration },
});
