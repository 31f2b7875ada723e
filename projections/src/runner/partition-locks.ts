import type pg from 'pg';
import { PARTITIONS } from '../checkpoints.ts';
import { advertise, laneSessions, openLaneSession, tryLock, unlock, type LaneIdentity } from './lane-session.ts';

/**
 * A lane's hold on its partitions: its session (a connection of its own, whose advisory locks are
 * the partitions' locks), the partitions it holds, and the ones seen free at the last look.
 */
export const partitionLocks = (connectionString: string, lane: LaneIdentity, { isStopped, onLost }: { isStopped: () => boolean; onLost: () => void }) => {
  let session: pg.Client | undefined;
  /** The partitions whose lock this runner holds. */
  const held = new Set<number>();
  /** Free partitions seen at the last look: one still free at the next is taken beyond the fair share. */
  let freeBefore = new Set<number>();

  return {
    held: held as ReadonlySet<number>,

    /** The lane's session, opened if there is none; undefined when the lane stopped while it opened. */
    async session(): Promise<pg.Client | undefined> {
      if (!session) {
        const client = await openLaneSession(connectionString, lane);
        if (isStopped()) {
          await client.end().catch(() => undefined);
          return undefined;
        }
        session = client;
        // The session dies → the locks are gone; the lane steps back and looks again at once: most
        // often the database restarted or failed over, and the partitions go on from their
        // checkpoints as soon as it answers (a runner elsewhere that took one meanwhile keeps it).
        client.on('end', () => {
          if (isStopped() || session !== client) return;
          onLost();
        });
      }
      return session;
    },

    /**
     * How many runners have a session for the lane (each names the partitions it holds), so the fair
     * share is ceil(PARTITIONS / runners). Takes free partitions up to that share, and any partition
     * already free at the last look (a share counted too small must not leave one unrun); says what
     * is over the share while another runner has less (`given`, still held: see `giveBack`).
     */
    async share(client: pg.Client): Promise<{ taken: number[]; given: number[]; runners: number }> {
      const sessions = await laneSessions(client, lane);
      const fair = Math.ceil(PARTITIONS / Math.max(1, sessions.length));
      const heldByOthers = new Set(sessions.filter((s) => !s.mine).flatMap((s) => s.partitions));
      const free = Array.from({ length: PARTITIONS }, (_, p) => p).filter((p) => !held.has(p) && !heldByOthers.has(p));
      const taken: number[] = [];
      for (const p of free) {
        if (held.size >= fair && !freeBefore.has(p)) continue;
        if (await tryLock(client, lane, p)) {
          held.add(p);
          taken.push(p);
        }
      }
      freeBefore = new Set(free.filter((p) => !held.has(p)));
      const wanting = sessions.some((s) => !s.mine && s.partitions.length < fair);
      const given = wanting && held.size > fair ? [...held].sort((a, b) => b - a).slice(0, held.size - fair) : [];
      return { taken, given, runners: sessions.length };
    },

    /** Lets go of `given` and names the partitions still held in the session. */
    async giveBack(client: pg.Client, given: readonly number[]): Promise<void> {
      for (const p of given) {
        await unlock(client, lane, p);
        held.delete(p);
      }
      await advertise(client, lane, held);
    },

    /** Lets go of every partition: ends the session (and with it the locks). */
    async release(): Promise<void> {
      held.clear();
      const client = session;
      session = undefined;
      await client?.end().catch(() => undefined);
    },
  };
};
