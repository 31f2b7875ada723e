import { actionableStatuses, type ActionableStatus } from '@tracker/contracts/actionables/http';

export { actionableStatuses };

export const statusLabels: Record<ActionableStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
  'not-approached': 'Not approached',
};

export const pointsLabel = (points: number): string => `${points} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** '+20 points' after a completion, '−20 points' after a revert (the server revokes what it awarded). */
export const signedPoints = (points: number): string => (points >= 0 ? `+${pointsLabel(points)}` : `−${pointsLabel(Math.abs(points))}`);

/** How buttons name the item they act on: 'actionable Buy milk', 'habit Read'. */
export const itemName = (habit: boolean, title: string): string => `${habit ? 'habit' : 'actionable'} ${title}`;
