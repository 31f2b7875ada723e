import { api } from '../api/api.ts';
import { answersKey } from './answers-storage.ts';
import { answersRestored } from './offline.slice.ts';
import { isUnreachable } from './queued-change.ts';

/**
 * The reads whose last answers a reload without a connection shows again: the dashboard, goals,
 * to-dos and habits, settings and the profile. Not the audit or the leaderboard (other people's
 * names), nor the pickers' lists (they answer an empty list when they fail).
 */
export const KEPT_ENDPOINTS: ReadonlySet<string> = new Set([
  'getDashboardSummary',
  'getPointsStats',
  'getRecentActivities',
  'getHeatmap',
  'getDailyActionables',
  'getGoalsInRange',
  'getTasksInRange',
  'getSubtasksInRange',
  'getActionablesInRange',
  'getGoals',
  'getGoalProgress',
  'getGoalStats',
  'getGoalTasks',
  'getTaskSubtasks',
  'getAllTasks',
  'getAllSubtasks',
  'getActionables',
  'getHabits',
  'getActionable',
  'getHabitHistory',
  'getFreezes',
  'getSettings',
  'getMe',
]);

/** The newest this many answers are kept (each range, view or goal is an answer of its own). */
export const MAX_KEPT = 60;
/** How long after an answer arrives it is written: a screen's reads arrive together and are written once. */
const WRITE_DELAY_MS = 1_000;

/** A read's answer as kept: enough to put it back in the cache under the same key, and when it was fetched. */
export interface KeptAnswer {
  endpointName: string;
  arg: unknown;
  data: unknown;
  fetchedAt: number;
}

export type KeptAnswers = Record<string, KeptAnswer>;

/** What this module reads of an RTK Query cache entry. */
export interface CacheEntry {
  endpointName?: string;
  status: string;
  originalArgs?: unknown;
  data?: unknown;
  error?: unknown;
  fulfilledTimeStamp?: number;
}

type Cache = Record<string, CacheEntry | undefined>;

const newestFirst = (entries: [string, KeptAnswer][]) => entries.sort(([, a], [, b]) => b.fetchedAt - a.fetchedAt);

/**
 * The kept answers with each answer the server gave since in them, the newest MAX_KEPT; `kept` itself
 * when nothing is new. An entry put back from the device (`restored`: its key and the stamp it got
 * then) is no answer of the server's.
 */
export const withFreshAnswers = (kept: KeptAnswers, cache: Cache, restored: ReadonlyMap<string, number | undefined>): KeptAnswers => {
  const fresh: [string, KeptAnswer][] = [];
  for (const [key, entry] of Object.entries(cache)) {
    if (!entry?.endpointName || !KEPT_ENDPOINTS.has(entry.endpointName) || entry.status !== 'fulfilled' || entry.data === undefined) continue;
    const fetchedAt = entry.fulfilledTimeStamp ?? 0;
    if (restored.has(key) && restored.get(key) === entry.fulfilledTimeStamp) continue;
    if ((kept[key]?.fetchedAt ?? -1) >= fetchedAt) continue;
    fresh.push([key, { endpointName: entry.endpointName, arg: entry.originalArgs, data: entry.data, fetchedAt }]);
  }
  if (fresh.length === 0) return kept;
  return Object.fromEntries(newestFirst([...Object.entries({ ...kept, ...Object.fromEntries(fresh) })]).slice(0, MAX_KEPT));
};

/** The kept answers of the reads that just failed for want of a connection and have nothing to show. */
export const answersToRestore = (kept: KeptAnswers, cache: Cache): [string, KeptAnswer][] =>
  Object.entries(kept).filter(([key]) => {
    const entry = cache[key];
    return entry !== undefined && entry.status === 'rejected' && entry.data === undefined && isUnreachable(entry.error);
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isKept = (value: unknown): value is KeptAnswer =>
  isRecord(value) &&
  typeof value.endpointName === 'string' &&
  KEPT_ENDPOINTS.has(value.endpointName) &&
  typeof value.fetchedAt === 'number' &&
  value.data !== undefined;

/**
 * Which build wrote the answers: the entry script's hashed name. Answers are put back only by the
 * build that read them, whose screens know their shape (the reads' own checks are not run again).
 */
const thisBuild = (): string => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';

/** The user's kept answers, if this build wrote them; anything else reads as none. */
export const readAnswers = (userId: string, build: string): KeptAnswers => {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(answersKey(userId)) ?? 'null');
    if (!isRecord(stored) || stored.build !== build || !isRecord(stored.answers)) return {};
    return Object.fromEntries(Object.entries(stored.answers).filter(([, answer]) => isKept(answer))) as KeptAnswers;
  } catch {
    return {};
  }
};

/** Written whole; when storage is full, the older half goes until it fits (or nothing is kept). */
export const writeAnswers = (userId: string, build: string, answers: KeptAnswers): void => {
  let entries = newestFirst(Object.entries(answers));
  for (;;) {
    try {
      window.localStorage.setItem(answersKey(userId), JSON.stringify({ build, answers: Object.fromEntries(entries) }));
      return;
    } catch {
      if (entries.length === 0) return;
      entries = entries.slice(0, Math.floor(entries.length / 2));
    }
  }
};

interface AnswersState {
  auth: { token: string | null; user: { id: string } | null };
  api: { queries: Cache };
}

export interface AnswersStore {
  getState: () => AnswersState;
  dispatch: (action: never) => unknown;
  subscribe: (listener: () => void) => unknown;
}

/**
 * Keeps the signed-in user's last answers of the KEPT_ENDPOINTS reads on this device, and puts one
 * back in the cache when its read fails for want of a connection (a reload on a train): the screen
 * shows it, and the offline banner when it was fetched. Back online, the screens' reads ask again
 * (RTK Query's refetch on reconnect). Signed out, nothing is written and token-storage.ts erases it.
 */
export const keepAnswersOnDevice = (store: AnswersStore): void => {
  const build = thisBuild();
  let userId: string | undefined;
  let kept: KeptAnswers = {};
  let seen: Cache | undefined;
  const restored = new Map<string, number | undefined>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restoring = false;

  const write = () => {
    timer = undefined;
    const { auth } = store.getState();
    if (userId && auth.token && auth.user?.id === userId) writeAnswers(userId, build, kept);
  };

  const follow = () => {
    if (restoring) return;
    const state = store.getState();
    const signedIn = state.auth.token ? state.auth.user?.id : undefined;
    if (signedIn !== userId) {
      userId = signedIn;
      kept = userId ? readAnswers(userId, build) : {};
      restored.clear();
      seen = undefined;
    }
    if (!userId || state.api.queries === seen) return;
    const toRestore = answersToRestore(kept, state.api.queries);
    if (toRestore.length > 0) {
      restoring = true;
      try {
        const entries = toRestore.map(([, answer]) => ({ endpointName: answer.endpointName, arg: answer.arg, value: answer.data }));
        // The app's api knows its endpoints only as the features inject them: named here by string.
        store.dispatch(api.util.upsertQueryEntries(entries as never) as never);
        store.dispatch(answersRestored(Math.min(...toRestore.map(([, answer]) => answer.fetchedAt))) as never);
      } finally {
        restoring = false;
      }
      for (const [key] of toRestore) restored.set(key, store.getState().api.queries[key]?.fulfilledTimeStamp);
    }
    seen = store.getState().api.queries;
    const next = withFreshAnswers(kept, seen, restored);
    if (next === kept) return;
    kept = next;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  };

  store.subscribe(follow);
  follow();
};
