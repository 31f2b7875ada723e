import { settingsDefaults } from '@tracker/contracts/settings/http';
import { defineProjector } from '../projector.ts';
import type { RowUpdate } from '../db.ts';

/**
 * user_settings: one row per user, from registration on (the defaults, in the zone the user
 * registered with). A profile's change of time zone is a change of the settings' time zone: they
 * are one value.
 */
export const settingsProjection = defineProjector({
  name: 'user_settings',
  handles: ['UserRegistered', 'UserProfileUpdated', 'UserSettingsUpdated', 'UserSettingsReset'],
  async apply(trx, event) {
    const at = event.metadata.occurredAt;
    const update = (userId: string, changes: RowUpdate<'user_settings'>) =>
      trx
        .updateTable('user_settings')
        .set({ ...changes, updated_at: at })
        .where('user_id', '=', userId)
        .execute();
    switch (event.type) {
      case 'UserRegistered': {
        const { statusSettings, weekStart, theme } = settingsDefaults;
        await trx
          .insertInto('user_settings')
          .values({
            user_id: event.data.userId,
            timezone: event.data.timezone,
            week_start: weekStart,
            theme,
            status_settings: JSON.stringify(statusSettings),
            created_at: at,
            updated_at: at,
          })
          .execute();
        return;
      }
      case 'UserProfileUpdated':
        if (event.data.timezone !== undefined) await update(event.data.userId, { timezone: event.data.timezone });
        return;
      case 'UserSettingsUpdated': {
        const { userId, timezone, weekStart, theme, statusSettings } = event.data;
        await update(userId, {
          ...(timezone !== undefined ? { timezone } : {}),
          ...(weekStart !== undefined ? { week_start: weekStart } : {}),
          ...(theme !== undefined ? { theme } : {}),
          ...(statusSettings !== undefined ? { status_settings: JSON.stringify(statusSettings) } : {}),
        });
        return;
      }
      case 'UserSettingsReset': {
        const { timezone, weekStart, theme, statusSettings } = event.data.settings;
        await update(event.data.userId, { timezone, week_start: weekStart, theme, status_settings: JSON.stringify(statusSettings) });
        return;
      }
    }
  },
});
