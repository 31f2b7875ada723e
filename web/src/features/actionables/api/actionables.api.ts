import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type {
  Actionable,
  completeActionableResponse,
  completeHabitResponse,
  createActionableBody,
  importResponse,
  uncompleteHabitResponse,
  updateActionableBody,
} from '@tracker/contracts/actionables/http';
import { goal, subtask, task, type Goal, type Subtask, type Task } from '@tracker/contracts/goals/http';
import { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { checkedListQuery, checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';
import { everyPage, joinedList, withCursor } from '../../../lib/api/every-page.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { filenameOf } from '../../../lib/files/download-file.ts';
import { queueable, unlessQueued } from '../../../lib/offline/queued-change.ts';
import { readActionableList, readAnswerItem, type ShownActionable } from '../transfer/import-parser.ts';

/** What the Actionables screen lists: everything, what is due on a local date, or what a range touches. */
/** `today`: the dashboard's Today (GET /dashboard/daily-actionables): due today, overdue and open, done today, and the day's habits. */
export type ActionablesView =
  | { kind: 'all' }
  | { kind: 'today'; timezone: string }
  | { kind: 'date'; date: string; timezone: string }
  | { kind: 'range'; startDate: string; endDate: string; timezone: string };

export interface DateRange {
  startDate: string;
  endDate: string;
  timezone: string;
}

/** Bodies as the form builds them; the contract's zod schemas (run by the server) are the rule book. */
export type CreateActionableInput = z.input<typeof createActionableBody>;
export type UpdateActionableInput = z.input<typeof updateActionableBody>;

export interface ActionableUpdate {
  item: Actionable;
  changes: UpdateActionableInput;
}

/** An export as the server wrote it, ready to be saved as a file. */
export interface ExportFile {
  text: string;
  filename: string;
}

/** spec.md §8's fallback texts: what a screen shows when the server gave no message of its own. */
export const actionableFailures = {
  fetch: 'Failed to fetch actionables',
  fetchForDate: 'Failed to fetch actionables for the date',
  fetchForRange: 'Failed to fetch actionables for the date range',
  fetchOne: 'Failed to fetch actionable',
  create: 'Failed to create actionable',
  update: 'Failed to update actionable',
  complete: 'Failed to complete actionable',
  delete: 'Failed to delete actionable',
  export: 'Failed to export actionables',
  import: 'Failed to import actionables',
} as const;

export const habitFailures = {
  fetch: 'Failed to fetch habits',
  create: 'Failed to create habit',
  complete: 'Failed to complete habit',
  undo: 'Failed to take back the completion',
  backfill: 'Failed to record the day',
} as const;

/** A day recorded afterwards: the habit and the local date it credits. */
export interface HabitBackfill {
  habit: Actionable;
  date: string;
}

/** spec.md §8's fallback text for each view's list. */
export const listFailure = (view: ActionablesView): string =>
  view.kind === 'date' || view.kind === 'today'
    ? actionableFailures.fetchForDate
    : view.kind === 'range'
      ? actionableFailures.fetchForRange
      : actionableFailures.fetch;

/** Every POST and PATCH is one user action with its own key: a retry never creates or awards twice. */
const idempotent = () => ({ [IDEMPOTENCY_HEADER]: newIdempotencyKey() });

const listTag = { type: 'Actionable' as const, id: 'LIST' };
const habitsTag = { type: 'Habit' as const, id: 'LIST' };

/** A completion or a revert moves points onto the linked goal, task or subtask (their pointsHistory). */
const linkedTags = (item: Pick<Actionable, 'goalId' | 'taskId' | 'subtaskId'>) => [
  ...(item.goalId ? [{ type: 'Goal' as const, id: item.goalId }, 'GoalStats' as const] : []),
  ...(item.taskId ? [{ type: 'Task' as const, id: item.taskId }] : []),
  ...(item.subtaskId ? [{ type: 'Subtask' as const, id: item.subtaskId }] : []),
];

/** A list of goals, tasks or subtasks to link to: an array or `{[key]: [...]}`, as the contract says. */
const readLinkList =
  <T>(key: string, schema: z.ZodType<T[]>) =>
  (answer: unknown): Reading<T[]> => {
    const parsed = schema.safeParse(Array.isArray(answer) ? answer : (answer as Record<string, unknown> | null)?.[key]);
    return parsed.success ? { data: parsed.data } : { error: 'Invalid response format from server' };
  };

/**
 * spec.md §8: a failed list fetch for goals, tasks or subtasks is an empty list (a form then offers no
 * links, nothing breaks). Every page is read: a link to an older item must be offered too.
 */
const linkList = <T>(url: string, key: string, schema: z.ZodType<T[]>) =>
  checkedListQuery({ request: () => url, read: readLinkList(key, schema), fallback: { data: [] } });

/** Completing, taking back and recording a day move the same things: the habit, its lists, its points and what it links to. */
const habitCreditTags = (habit: Actionable) => [habitsTag, listTag, { type: 'Actionable' as const, id: habit.id }, ...linkedTags(habit)];

const itemTags = (items: readonly ShownActionable[]) => items.map(({ id }) => ({ type: 'Actionable' as const, id }));

// Tag types of this feature join the app's api here, so lib/api/api.ts stays as it is.
export const actionablesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The lists show everything the view holds (sorting and status filters work on the whole of it): every page is read.
    getActionables: build.query<ShownActionable[], ActionablesView>({
      queryFn: async (view, _api, _extraOptions, baseQuery) => {
        const read = await everyPage(baseQuery, (cursor) =>
          view.kind === 'range'
            ? { url: '/actionables/range', params: withCursor({ startDate: view.startDate, endDate: view.endDate, timezone: view.timezone }, cursor) }
            : view.kind === 'today'
              ? { url: '/dashboard/daily-actionables', params: { timezone: view.timezone } }
              : { url: '/actionables', params: withCursor(view.kind === 'date' ? { date: view.date, timezone: view.timezone } : {}, cursor) },
        );
        return 'error' in read ? read : { data: readActionableList(joinedList(read.pages, 'actionables'), 'actionables'), meta: read.meta };
      },
      providesTags: (items = []) => [listTag, ...itemTags(items)],
    }),
    getHabits: build.query<ShownActionable[], void>({
      queryFn: async (_arg, _api, _extraOptions, baseQuery) => {
        const read = await everyPage(baseQuery, (cursor) => ({ url: '/actionables/habits', params: withCursor({}, cursor) }));
        // spec.md §7: an array or {habits}.
        return 'error' in read ? read : { data: readActionableList(joinedList(read.pages, 'habits'), 'habits'), meta: read.meta };
      },
      providesTags: (items = []) => [habitsTag, ...itemTags(items)],
    }),

    /** GET /actionables/{id}: `{actionable}`, checked as an answer to a create is. */
    getActionable: build.query<ShownActionable, string>({
      queryFn: checkedQuery({ request: (id: string) => `/actionables/${encodeURIComponent(id)}`, read: readAnswerItem('actionable') }),
      providesTags: (_result, _error, id) => [{ type: 'Actionable', id }],
    }),

    // spec.md §5: an answer with no actionable in it is 'Invalid response format from server'.
    createActionable: build.mutation<ShownActionable, CreateActionableInput>({
      queryFn: checkedQuery({
        request: (body: CreateActionableInput) =>
          queueable({ url: '/actionables', method: 'POST', body, headers: idempotent() }, { label: `Create to-do “${body.title ?? ''}”` }),
        read: readAnswerItem('actionable'),
      }),
      invalidatesTags: unlessQueued([listTag] as const),
    }),
    createHabit: build.mutation<ShownActionable, CreateActionableInput>({
      queryFn: checkedQuery({
        request: (body: CreateActionableInput) =>
          queueable({ url: '/actionables/habits', method: 'POST', body, headers: idempotent() }, { label: `Create habit “${body.title ?? ''}”` }),
        read: readAnswerItem('habit'),
      }),
      invalidatesTags: unlessQueued([habitsTag, listTag] as const),
    }),
    updateActionable: build.mutation<ShownActionable, ActionableUpdate>({
      queryFn: checkedQuery({
        request: ({ item, changes }: ActionableUpdate) => ({
          url: `/actionables/${encodeURIComponent(item.id)}`,
          method: 'PATCH',
          body: changes,
          headers: idempotent(),
        }),
        read: readAnswerItem('actionable'),
      }),
      // A new deadline or status can move the item in or out of the list on screen.
      invalidatesTags: (_result, _error, { item, changes }) => [
        listTag,
        { type: 'Actionable', id: item.id },
        ...(item.isHabit ? [habitsTag] : []),
        ...(changes.status !== undefined ? linkedTags(item) : []),
        ...linkedTags({ goalId: changes.goalId ?? null, taskId: changes.taskId ?? null, subtaskId: changes.subtaskId ?? null }),
      ],
    }),
    /** PATCH /actionables/{id}/complete, empty body: `{actionable, pointsAwarded}`. */
    completeActionable: build.mutation<z.infer<typeof completeActionableResponse>, Actionable>({
      query: (item) =>
        queueable(
          { url: `/actionables/${encodeURIComponent(item.id)}/complete`, method: 'PATCH', headers: idempotent() },
          { label: `Complete “${item.title}”`, itemId: item.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, item) => [
        listTag,
        { type: 'Actionable', id: item.id },
        ...(item.isHabit ? [habitsTag] : []),
        ...linkedTags(item),
      ]),
    }),
    /** PATCH /actionables/habits/{id}/complete: `{habit, pointsAwarded, streak}`; a second completion of a period is a 409. */
    completeHabit: build.mutation<z.infer<typeof completeHabitResponse>, Actionable>({
      query: (habit) =>
        queueable(
          { url: `/actionables/habits/${encodeURIComponent(habit.id)}/complete`, method: 'PATCH', headers: idempotent() },
          { label: `Complete habit “${habit.title}”`, itemId: habit.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, habit) => habitCreditTags(habit)),
    }),
    /** PATCH /actionables/habits/{id}/uncomplete: the last completion taken back, `{habit, pointsRevoked, occurrence, streak}`; 409 when there is none or it is too late. */
    uncompleteHabit: build.mutation<z.infer<typeof uncompleteHabitResponse>, Actionable>({
      // Offline, a take-back waits on the device as a completion does (and is refused then if its day has passed).
      query: (habit) =>
        queueable(
          { url: `/actionables/habits/${encodeURIComponent(habit.id)}/uncomplete`, method: 'PATCH', headers: idempotent() },
          { label: `Take back habit “${habit.title}”`, itemId: habit.id },
        ),
      invalidatesTags: unlessQueued((_result, _error, habit) => habitCreditTags(habit)),
    }),
    /** POST /actionables/habits/{id}/completions {date}: a missed day recorded afterwards (half points), `{habit, pointsAwarded, streak}`. */
    backfillHabit: build.mutation<z.infer<typeof completeHabitResponse>, HabitBackfill>({
      query: ({ habit, date }) => ({
        url: `/actionables/habits/${encodeURIComponent(habit.id)}/completions`,
        method: 'POST',
        body: { date },
        headers: idempotent(),
      }),
      invalidatesTags: (_result, _error, { habit }) => habitCreditTags(habit),
    }),
    deleteActionable: build.mutation<void, Actionable>({
      query: (item) => ({ url: `/actionables/${encodeURIComponent(item.id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, item) => [listTag, ...(item.isHabit ? [habitsTag] : [])],
    }),

    /** POST /actionables/import with the items as read from the file or the pasted text (all or nothing). */
    importActionables: build.mutation<z.infer<typeof importResponse>, Record<string, unknown>[]>({
      query: (items) => ({ url: '/actionables/import', method: 'POST', body: { actionables: items }, headers: idempotent() }),
      invalidatesTags: [listTag, habitsTag],
    }),
    /**
     * GET /actionables/export, every page of it: one file, the first page's answer with all the pages'
     * actionables and no cursor — the shape of an export that fits one page (kept as text, so the
     * store holds nothing unserialisable), named as its Content-Disposition says.
     */
    exportActionables: build.mutation<ExportFile, DateRange>({
      queryFn: async (range, _api, _extraOptions, baseQuery) => {
        const read = await everyPage(baseQuery, (cursor) => ({ url: '/actionables/export', params: withCursor({ ...range }, cursor) }));
        if ('error' in read) return read;
        const { nextCursor: _last, ...first } = (read.pages[0] ?? {}) as Record<string, unknown>;
        return {
          data: {
            text: JSON.stringify({ ...first, actionables: joinedList(read.pages, 'actionables') }),
            filename:
              filenameOf((read.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Content-Disposition')) ??
              `actionables-${range.startDate}-to-${range.endDate}.json`,
          },
          meta: read.meta,
        };
      },
    }),

    /** The items an actionable can be linked to (read here, not through the goals feature: no imports across features). */
    getLinkGoals: build.query<Goal[], void>({
      queryFn: linkList('/goals/goals', 'goals', z.array(goal)),
      providesTags: [{ type: 'Goal', id: 'LIST' }],
      // Tasks and subtasks come and go on the Goals screen under tags of their own: the forms ask afresh when they open.
    }),
    getLinkTasks: build.query<Task[], void>({
      queryFn: linkList('/goals/all-tasks', 'tasks', z.array(task)),
      providesTags: ['Task'],
    }),
    getLinkSubtasks: build.query<Subtask[], void>({
      queryFn: linkList('/goals/all-subtasks', 'subtasks', z.array(subtask)),
      providesTags: ['Subtask'],
    }),
  }),
});

export const {
  useGetActionablesQuery,
  useLazyGetActionablesQuery,
  useGetHabitsQuery,
  useGetActionableQuery,
  useCreateActionableMutation,
  useCreateHabitMutation,
  useUpdateActionableMutation,
  useCompleteActionableMutation,
  useCompleteHabitMutation,
  useUncompleteHabitMutation,
  useBackfillHabitMutation,
  useDeleteActionableMutation,
  useImportActionablesMutation,
  useExportActionablesMutation,
  useGetLinkGoalsQuery,
  useGetLinkTasksQuery,
  useGetLinkSubtasksQuery,
} = actionablesApi;
