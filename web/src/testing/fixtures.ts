import { untouchedActionable, type Actionable } from '@tracker/contracts/actionables/http';
import type { Goal, Subtask, Task } from '@tracker/contracts/goals/http';
import type { AuditEntry } from '@tracker/contracts/points/audit';
import { settingsDefaults, type StatusSettings } from '@tracker/contracts/settings/http';
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

const workItem = (id: string, title: string): Goal => ({
  id,
  title,
  description: '',
  priority: 3,
  status: 'pending',
  userId: '0b8a3c1e-7c2e-4d7b-9b0a-1f2e3d4c5b6a',
  pointsHistory: [],
  lastStatusChange: null,
  completedAt: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  dueDate: null,
  startDate: null,
  endDate: null,
});

export const aGoal = (overrides: Partial<Goal> = {}): Goal => ({ ...workItem('9f1c2d3e-0000-4000-8000-00000000a001', 'Run a marathon'), ...overrides });

export const aTask = (overrides: Partial<Task> = {}): Task => ({
  ...workItem('9f1c2d3e-0000-4000-8000-00000000b001', 'Build base mileage'),
  goalId: '9f1c2d3e-0000-4000-8000-00000000a001',
  ...overrides,
});

export const aSubtask = (overrides: Partial<Subtask> = {}): Subtask => ({
  ...workItem('9f1c2d3e-0000-4000-8000-00000000c001', 'Buy shoes'),
  taskId: '9f1c2d3e-0000-4000-8000-00000000b001',
  goalId: '9f1c2d3e-0000-4000-8000-00000000a001',
  ...overrides,
});

export const anActionable = (overrides: Partial<Actionable> = {}): Actionable => ({
  ...untouchedActionable,
  id: '5b7e1c2a-0000-4000-8000-000000000001',
  title: 'Buy milk',
  weight: 2,
  createdAt: '2026-11-20T09:00:00.000Z',
  userId: '0b8a3c1e-7c2e-4d7b-9b0a-1f2e3d4c5b6a',
  ...overrides,
});

/** One award in the points audit: 15 points for a subtask. */
export const anAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  occurredAt: '2026-11-20T10:00:00.000Z',
  points: 15,
  reason: 'Completed subtask "Buy shoes"',
  sourceType: 'subtask',
  sourceId: '5b7e1c2a-0000-4000-8000-000000000001',
  rulesVersion: 1,
  position: '100:1',
  revokes: null,
  ...overrides,
});

/** The default status settings with some statuses' priority, visibility or colour changed. */
export const statusSettingsWith = (changes: Partial<Record<keyof StatusSettings, Partial<StatusSettings['pending']>>>): StatusSettings => {
  const result = structuredClone(settingsDefaults.statusSettings);
  for (const [status, change] of Object.entries(changes)) Object.assign(result[status as keyof StatusSettings], change);
  return result;
};
