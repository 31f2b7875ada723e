/** Where a reminder takes the user: a habit's own page; a to-do's list of today, where it is due. */
export const reminderPath = (item: { id: string; isHabit: boolean }): string => (item.isHabit ? `/habits/${item.id}` : '/actionables');
