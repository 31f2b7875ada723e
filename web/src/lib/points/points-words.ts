/*
 * Points in words, said the same way wherever they move (Actionables, Habits, the dashboard's Today):
 * a completion, a habit's day recorded afterwards (half), a take-back (exactly the award).
 */

/** '1 point', '20 points'. */
export const pointsLabel = (points: number): string => `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** '+20 points' after a completion, '−20 points' after a revert (the server revokes what it awarded). */
export const signedPoints = (points: number): string => (points >= 0 ? `+${pointsLabel(points)}` : `−${pointsLabel(Math.abs(points))}`);

const streakPart = (streak: number | undefined) => (streak === undefined ? '' : ` · streak ${streak}`);

/** What a completion did: '+22 points · streak 3' ('Done' for one worth nothing). */
export const completionText = (points: number, streak?: number): string => `${points === 0 ? 'Done' : signedPoints(points)}${streakPart(streak)}`;

/** What recording a missed day did: '+11 points (half: recorded afterwards) · streak 4'. */
export const backfillText = (points: number, streak?: number): string => `${signedPoints(points)} (half: recorded afterwards)${streakPart(streak)}`;

/** What taking a completion back did: '−22 points taken back · streak 2'. */
export const undoText = (pointsRevoked: number, streak?: number): string =>
  `${pointsRevoked === 0 ? 'Nothing' : signedPoints(-Math.abs(pointsRevoked))} taken back${streakPart(streak)}`;
