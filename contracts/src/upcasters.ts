import type { z } from 'zod';
import { pointsAwardedV1, pointsRevokedV1 } from './points/events.ts';
import { userLoggedInV1 } from './users/events.ts';

/** Turns one event type's payload from schema version `from` into version `from + 1`. */
export interface Upcaster {
  type: string;
  from: number;
  upcast(data: unknown): unknown;
}

/** An upcaster typed by the old payload's schema: data that does not match it is left as it is. */
export const defineUpcaster = <Old extends z.ZodType, New>(type: string, from: number, old: Old, upcast: (data: z.output<Old>) => New): Upcaster => ({
  type,
  from,
  upcast: (data) => {
    const parsed = old.safeParse(data);
    return parsed.success ? upcast(parsed.data) : data;
  },
});

/** The one registry every reader goes through (event-codec.ts). Append; never edit a landed step. */
export const upcasters: Upcaster[] = [
  // Logins before version 2 were all by password.
  defineUpcaster('UserLoggedIn', 1, userLoggedInV1, (data) => ({ ...data, via: 'password' as const })),
  // Awards before receipts recorded none: the audit recomputes them from the replay alone.
  defineUpcaster('PointsAwarded', 1, pointsAwardedV1, (data) => ({ ...data, receipt: null })),
  // Revocations before version 2 did not name their award's rules version; the audit finds the award itself.
  defineUpcaster('PointsRevoked', 1, pointsRevokedV1, (data) => ({ ...data, revokes: null })),
];
