import type { Goal, Subtask, Task } from '@tracker/contracts/goals/http';
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
