import { defineProjector } from '../projector.ts';

/** habit_freezes: each user's freezes standing (one habit's, or all habits' with habit_id null); a cancelled one goes. */
export const habitFreezesProjection = defineProjector({
  name: 'habit_freezes',
  handles: ['HabitsFrozen', 'HabitFreezeCancelled'],
  async apply(trx, event) {
    switch (event.type) {
      case 'HabitsFrozen': {
        const { freezeId, userId, habitId, from, to } = event.data;
        await trx
          .insertInto('habit_freezes')
          .values({ id: freezeId, user_id: userId, habit_id: habitId, from_date: from, to_date: to, created_at: event.metadata.occurredAt })
          .execute();
        return;
      }
      case 'HabitFreezeCancelled':
        await trx.deleteFrom('habit_freezes').where('id', '=', event.data.freezeId).execute();
        return;
    }
  },
});
