/**
 * The server words field errors either as full sentences ('Password must be at least 8 characters
 * long') or as predicates ('is required'); predicates read better with the field's label in front.
 */
export const fieldMessage = (label: string, message: string): string => (/^[a-z]/.test(message) ? `${label} ${message}` : message);
