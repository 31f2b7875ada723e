import type { User } from '@tracker/contracts/users/http';

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: '0b8a3c1e-7c2e-4d7b-9b0a-1f2e3d4c5b6a',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'user',
  timezone: 'Europe/London',
  isActive: true,
  emailVerified: false,
  lastActive: null,
  subscriptionStatus: 'inactive',
  totalLogins: 1,
  lastLoginAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: '2026-01-15T10:00:00.000Z',
  dateOfBirth: null,
  trialStartDate: null,
  subscriptionDate: null,
  ...overrides,
});
