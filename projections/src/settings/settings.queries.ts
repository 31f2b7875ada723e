import { settingsDefaults, type Settings } from '@tracker/contracts/settings/http';
import type { ReadModelDb, Row } from '../db.ts';

export const toSettings = (row: Row<'user_settings'>): Settings => ({
  id: row.user_id,
  userId: row.user_id,
  timezone: row.timezone,
  weekStart: row.week_start,
  theme: row.theme,
  // Every status present, whatever a row written under fewer statuses holds.
  statusSettings: { ...settingsDefaults.statusSettings, ...row.status_settings },
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * A user's settings (one primary-key read), the defaults filled in: a user the read model does not
 * know yet has the defaults (spec.md §9). Other features read the week start and zone from here.
 */
export const settingsOf = async (db: ReadModelDb, userId: string): Promise<Settings> => {
  const row = await db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? toSettings(row) : { ...settingsDefaults, id: userId, userId, createdAt: null, updatedAt: null };
};
