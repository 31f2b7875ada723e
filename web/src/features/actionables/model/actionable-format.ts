import { actionableStatuses, type ActionableStatus } from '@tracker/contracts/actionables/http';

export { actionableStatuses };

export const statusLabels: Record<ActionableStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
  'not-approached': 'Not approached',
};

/** How buttons name the item they act on: 'actionable Buy milk', 'habit Read'. */
export const itemName = (habit: boolean, title: string): string => `${habit ? 'habit' : 'actionable'} ${title}`;
