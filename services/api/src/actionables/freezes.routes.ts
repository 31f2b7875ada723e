import { createFreezeBody, freezeMessages, freezeResponse, freezesResponse, idParams } from '@tracker/contracts/actionables/http';
import { NotFound } from '@tracker/domain/common/errors';
import { findFreeze, listFreezes } from '@tracker/projections/actionables/habit-freezes.queries';
import { commandAnswer } from '../commands/command-answer.ts';
import type { AnyRoute } from '../http/api-router.ts';
import { signedInContext } from '../http/command-context.ts';
import type { ActionablesServices } from './actionables.feature.ts';
import { freezeAnswer } from './freeze-commands.ts';

import { route } from './actionables-route.ts';
/** A freeze's answer and the caller's next read (the list, the habits' cards) come from these. */
const SETTLES = ['habit_freezes'];

/** Freezes: a habit, or all habits, frozen over local dates — frozen periods neither break nor extend a streak. */
export const freezeRoutes: AnyRoute<ActionablesServices>[] = [
  route({
    name: 'listHabitFreezes',
    method: 'get',
    path: '/actionables/habits/freezes',
    summary: 'The caller’s freezes, by their first day (habitId null: all habits)',
    auth: true,
    response: freezesResponse,
    handle: async ({ ctx, services: { db } }) => ({ freezes: await listFreezes(db, ctx.state.userId) }),
  }),
  route({
    name: 'freezeHabits',
    method: 'post',
    path: '/actionables/habits/freezes',
    summary: 'Freeze one habit, or all (no habitId), from one local date to another: 1–14 days from today, at most 2 beginning a month, none overlapping',
    auth: true,
    // 404: habitId is not the caller's habit; 422: the month's freezes are used up.
    errors: [404, 422],
    body: createFreezeBody,
    response: freezeResponse,
    status: 201,
    settles: SETTLES,
    handle: async ({ ctx, body, services: { freezes, db }, settle }) => {
      const c = signedInContext(ctx);
      const freezeId = freezes.newId(c);
      const command = {
        type: 'FreezeHabits',
        freezeId,
        userId: c.userId,
        habitId: body.habitId ?? null,
        from: body.from,
        to: body.to,
        clock: c.clock,
      } as const;
      const outcome = await freezes.run(command, c);
      const made = outcome.state.freezes.find((freeze) => freeze.id === freezeId);
      if (!made) throw new NotFound(freezeMessages.notFound);
      const freeze = await commandAnswer(
        await settle(outcome.position),
        () => findFreeze(db, c.userId, freezeId),
        () => freezeAnswer(made),
      );
      return { freeze };
    },
  }),
  route({
    name: 'cancelHabitFreeze',
    // Unambiguous: no other DELETE has this path's shape (`/actionables/habits/{id}/…` are PATCH, POST
    // and GET), and a request names its method (openapi.ts, ambiguousOperations).
    method: 'delete',
    path: '/actionables/habits/freezes/:id',
    summary: 'Cancel a freeze that has not begun',
    auth: true,
    params: idParams,
    status: 204,
    settles: SETTLES,
    handle: async ({ ctx, params, services: { freezes }, settle }) => {
      const c = signedInContext(ctx);
      await settle((await freezes.run({ type: 'CancelFreeze', freezeId: params.id, userId: c.userId, clock: c.clock }, c)).position);
      return undefined;
    },
  }),
];
