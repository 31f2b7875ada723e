import { sql } from 'kysely';
import type { User } from '@tracker/contracts/users/http';
import { preparedRead, type ReadModelDb, type Row } from '../db.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

export const toUser = (row: Row<'users'>): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  timezone: row.timezone,
  isActive: row.is_active,
  emailVerified: row.email_verified,
  lastActive: iso(row.last_active),
  subscriptionStatus: row.subscription_status,
  totalLogins: row.total_logins,
  lastLoginAt: iso(row.last_login_at),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  dateOfBirth: row.date_of_birth,
  trialStartDate: iso(row.trial_start_date),
  subscriptionDate: iso(row.subscription_date),
});

/**
 * What authentication needs to know of a token's user: does it still exist, may it sign in, and its
 * calendar (null until the settings read model has it: then its zone and day start stand in).
 */
const sessionFactsStatement = preparedRead('session_facts', (db, { id }: { id: string }) =>
  db
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['users.is_active', 'users.password_changed_at', 'users.timezone', 'user_settings.day_start_hour', 'user_settings.calendar'])
    .where('users.id', '=', id),
);

export const findSessionFacts = async (db: ReadModelDb, id: string) => {
  const [found] = await sessionFactsStatement(db, { id });
  return found;
};

/** findSessionFacts for many users in one statement, each with its id (a user that is gone has no row). */
/** Built and compiled once (preparedRead): a round of session facts runs after nearly every batch of the users projector. */
const sessionFactsOfStatement = preparedRead('session_facts_of', (db, { ids }: { ids: string[] }) =>
  db
    .selectFrom('users')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select(['users.id', 'users.is_active', 'users.password_changed_at', 'users.timezone', 'user_settings.day_start_hour', 'user_settings.calendar'])
    .where('users.id', '=', sql<string>`any(${ids}::uuid[])`),
);

export const findSessionFactsOf = (db: ReadModelDb, ids: readonly string[]) => sessionFactsOfStatement(db, { ids: [...ids] });

export const findUserById = async (db: ReadModelDb, id: string): Promise<User | undefined> => {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : undefined;
};
