import { actionable as actionableSchema, type Actionable } from '@tracker/contracts/actionables/http';

/** spec.md §5's texts, verbatim. */
export const importMessages = {
  notJson: 'Failed to parse JSON data',
  badFormat: 'Invalid actionables data format',
  missingId: 'Actionable missing ID',
  invalidItem: 'Invalid actionable data',
} as const;

/** The server takes at most 5 MB per import; a bigger file is refused before it is read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type ImportParse = { ok: true; items: Record<string, unknown>[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an import before it is sent (spec.md §5): the text must be JSON ('Failed to parse JSON
 * data'); an array, or an object with an `actionables` array (an export), not empty ('Invalid
 * actionables data format'); every item an object ('Invalid actionable data', naming the item). The
 * items' fields are the server's to check: it answers 400 naming the index and field.
 */
export const parseImport = (text: string): ImportParse => {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: importMessages.notJson };
  }
  const list = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.actionables) ? (data.actionables as unknown[]) : undefined;
  if (!list || list.length === 0) return { ok: false, message: importMessages.badFormat };
  const bad = list.findIndex((item) => !isRecord(item));
  if (bad >= 0) return { ok: false, message: `${importMessages.invalidItem} (item ${bad + 1})` };
  return { ok: true, items: list as Record<string, unknown>[] };
};

/** An item as a list shows it: `loadProblem` is set on the placeholder of one that could not be read. */
export type ShownActionable = Actionable & { loadProblem?: string };

/** spec.md §5: a malformed item is shown as this placeholder, inactive, rather than break the list. */
export const invalidActionable = (id: string, problem: string): ShownActionable => ({
  id,
  title: 'Error: Invalid Actionable',
  description: 'This actionable could not be properly loaded',
  weight: 1,
  deadline: null,
  completedAt: null,
  createdAt: new Date(0).toISOString(),
  userId: '',
  goalId: null,
  taskId: null,
  subtaskId: null,
  isHabit: false,
  streak: 0,
  lastCompletedAt: null,
  active: false,
  reminderTime: null,
  pointsAwarded: 0,
  pointsToBeAwarded: 0,
  recurrence: { frequency: 'daily', days: [], dayOfMonth: null },
  status: 'pending',
  loadProblem: problem,
});

/**
 * One item of an answer, checked against the contract: a non-object is 'Invalid actionable data', an
 * object without an id 'Actionable missing ID', and either (or any other malformed item) becomes the
 * placeholder. `index` keys a placeholder that has no id of its own.
 */
export const readActionable = (raw: unknown, index: number): ShownActionable => {
  if (!isRecord(raw)) return invalidActionable(`invalid-${index}`, importMessages.invalidItem);
  if (typeof raw.id !== 'string' || raw.id === '') return invalidActionable(`invalid-${index}`, importMessages.missingId);
  const parsed = actionableSchema.safeParse(raw);
  return parsed.success ? parsed.data : invalidActionable(raw.id, importMessages.invalidItem);
};

/** A list answer: `{[key]: [...]}` or a bare array (spec.md §7), each item read as above. */
export const readActionableList = (response: unknown, key: 'actionables' | 'habits'): ShownActionable[] => {
  const list = Array.isArray(response) ? response : isRecord(response) && Array.isArray(response[key]) ? (response[key] as unknown[]) : [];
  return list.map(readActionable);
};

/**
 * The server's 400 for an import names each bad field as `actionables.<index>.<field>`: said here as
 * 'Item 2, weight: must be a whole number from 1 to 10' (items counted from 1, as a person would).
 */
export const importErrorLines = (errors: Partial<Record<string, string>>): string[] =>
  Object.entries(errors).map(([field, message]) => {
    const match = /^(?:actionables\.)?(\d+)\.(.+)$/.exec(field);
    return match ? `Item ${Number(match[1]) + 1}, ${match[2]}: ${message}` : `${field === 'actionables' ? 'The list' : field}: ${message}`;
  });
