import { defineProjector } from '../projector.ts';

/** calendar_feeds: each user's current feed secret (its hash); a rotation replaces it, so the old secret finds nothing. */
export const calendarFeedsProjection = defineProjector({
  name: 'calendar_feeds',
  handles: ['CalendarFeedIssued', 'CalendarFeedRotated'],
  async apply(trx, event) {
    const { userId, feedId, secretHash } = event.data;
    const row = { feed_id: feedId, secret_hash: secretHash, issued_at: event.metadata.occurredAt };
    await trx
      .insertInto('calendar_feeds')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  },
});
