import type { User } from '@tracker/contracts/users/http';
import type { LocalDateColumn, Timestamp } from '../db.ts';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: User['role'];
  timezone: string;
  is_active: boolean;
  email_verified: boolean;
  /** When the user last did anything: set by every event the user causes. */
  last_active: Timestamp | null;
  subscription_status: User['subscriptionStatus'];
  total_logins: number;
  last_login_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  date_of_birth: LocalDateColumn | null;
  trial_start_date: Timestamp | null;
  subscription_date: Timestamp | null;
  /** Sessions issued before it end. */
  password_changed_at: Timestamp | null;
}

export interface UsersReadModels {
  users: UsersTable;
}

// The read models include these tables (the feature file names UsersReadModels, which brings this file into every program that lists the features).
declare module '../db.ts' {
  interface ReadModels extends UsersReadModels {}
}
