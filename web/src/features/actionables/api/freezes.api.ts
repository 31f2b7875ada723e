import { freezeResponse, freezesResponse, type createFreezeBody, type freeze } from '@tracker/contracts/actionables/http';
import type { z } from 'zod';
import { api } from '../../../lib/api/api.ts';
import { checkedQuery, type Reading } from '../../../lib/api/checked-query.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/api/idempotency-key.ts';
import { historiesTag } from './habit-history.api.ts';

export type Freeze = z.infer<typeof freeze>;
export type FreezeInput = z.input<typeof createFreezeBody>;

export const freezeFailures = {
  fetch: 'Failed to fetch freezes',
  create: 'Failed to freeze habits',
  cancel: 'Failed to cancel the freeze',
} as const;

const freezesTag = { type: 'Habit' as const, id: 'FREEZES' };
/** A freeze changes what every habit's card says today (frozen or due) and every history. */
const frozenTags = [freezesTag, historiesTag, { type: 'Habit' as const, id: 'LIST' }, { type: 'Actionable' as const, id: 'LIST' }, 'Dashboard' as const];

const readFreezes = (answer: unknown): Reading<Freeze[]> => {
  const parsed = freezesResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data.freezes } : { error: 'Invalid response format from server' };
};

const readFreeze = (answer: unknown): Reading<Freeze> => {
  const parsed = freezeResponse.safeParse(answer);
  return parsed.success ? { data: parsed.data.freeze } : { error: 'Invalid response format from server' };
};

export const freezesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /actionables/habits/freezes: the user's freezes. */
    getFreezes: build.query<Freeze[], void>({
      queryFn: checkedQuery({ request: () => '/actionables/habits/freezes', read: readFreezes }),
      providesTags: [freezesTag],
    }),
    /** POST /actionables/habits/freezes {from, to, habitId?}: no habitId freezes every habit. */
    createFreeze: build.mutation<Freeze, FreezeInput>({
      queryFn: checkedQuery({
        request: (body: FreezeInput) => ({
          url: '/actionables/habits/freezes',
          method: 'POST',
          body,
          headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() },
        }),
        read: readFreeze,
      }),
      invalidatesTags: frozenTags,
    }),
    /** DELETE /actionables/habits/freezes/{id}: only one not begun (409 otherwise). */
    cancelFreeze: build.mutation<void, Freeze>({
      query: (freeze) => ({ url: `/actionables/habits/freezes/${encodeURIComponent(freeze.id)}`, method: 'DELETE' }),
      invalidatesTags: frozenTags,
    }),
  }),
});

export const { useGetFreezesQuery, useCreateFreezeMutation, useCancelFreezeMutation } = freezesApi;
