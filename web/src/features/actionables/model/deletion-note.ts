import type { Actionable } from '@tracker/contracts/actionables/http';

/**
 * What deleting an item ends and keeps, in words for people: only what is true of this one (a streak
 * when there is one, points when it earned some). Said in the question before and the toast after.
 */
export const deletionNote = (item: Pick<Actionable, 'isHabit' | 'streak' | 'pointsAwarded'>): string => {
  const ends = item.isHabit && item.streak > 0 ? `Its ${item.streak}-day streak ends here.` : '';
  const keeps = item.pointsAwarded > 0 ? `The ${item.pointsAwarded} points it earned stay in your history.` : 'It earned no points.';
  return [ends, keeps].filter(Boolean).join(' ');
};
