import { actionable as actionableSchema, importedActionable, untouchedActionable, type Actionable } from '@tracker/contracts/actionables/http';
import type { Reading } from '../../../lib/api/checked-query.ts';

/** spec.md §5's texts, verbatim. */
export const importMessages = {
  notJson: 'Failed to parse JSON data',
  badFormat: 'Invalid actionables data format',
  missingId: 'Actionable missing ID',
  invalidItem: 'Invalid actionable data',
  invalidResponse: 'Invalid response format from server',
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
  ...untouchedActionable,
  id,
  title: 'Error: Invalid Actionable',
  description: 'This actionable could not be properly loaded',
  createdAt: new Date(0).toISOString(),
  userId: '',
  active: false,
  loadProblem: problem,
});

/**
 * One actionable from the server, checked against the contract (spec.md §5): a non-object is
 * 'Invalid actionable data', an object without an id 'Actionable missing ID', any other malformed
 * one 'Invalid actionable data'.
 */
export const checkActionable = (raw: unknown): Reading<Actionable> => {
  if (!isRecord(raw)) return { error: importMessages.invalidItem };
  if (typeof raw.id !== 'string' || raw.id === '') return { error: importMessages.missingId };
  const parsed = actionableSchema.safeParse(raw);
  return parsed.success ? { data: parsed.data } : { error: importMessages.invalidItem };
};

/**
 * One item of a list answer: checked as above, and a rejected one becomes the placeholder (keeping
 * its id if it has one). `index` keys a placeholder that has no id of its own.
 */
export const readActionable = (raw: unknown, index: number): ShownActionable => {
  const checked = checkActionable(raw);
  if ('data' in checked) return checked.data;
  const id = isRecord(raw) && typeof raw.id === 'string' && raw.id !== '' ? raw.id : `invalid-${index}`;
  return invalidActionable(id, checked.error);
};

/**
 * The answer to a create, an update or a read of one item: `{[key]: {...}}`. With no object there it
 * is 'Invalid response format from server' (spec.md §5); an object there is checked as above.
 */
export const readAnswerItem =
  (key: 'actionable' | 'habit') =>
  (answer: unknown): Reading<Actionable> => {
    const raw = isRecord(answer) ? answer[key] : undefined;
    return isRecord(raw) ? checkActionable(raw) : { error: importMessages.invalidResponse };
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

/** One item of an import as the preview lists it: its place in the file (from 0), its title, and why it is left out. */
export interface PreviewRow {
  index: number;
  title: string;
  reason?: string;
}

/** What an import would do, before it is sent: new items, items already the user's (by id), and refused ones with why. */
export interface ImportPreview {
  fresh: PreviewRow[];
  present: PreviewRow[];
  refused: PreviewRow[];
  /** What is sent on confirming: the new items only. */
  toSend: Record<string, unknown>[];
}

const titleOf = (item: Record<string, unknown>, index: number): string =>
  typeof item.title === 'string' && item.title.trim() !== '' ? item.title : `Item ${index + 1} (no title)`;

/**
 * Sorts the items of a read import (parseImport) by the contract's own rules and the ids the user
 * already has: an item failing the contract is refused with the first field and message; one whose id
 * is already the user's is already present (the server would skip it too); the rest are new.
 */
export const previewImport = (items: readonly Record<string, unknown>[], ownIds: ReadonlySet<string>): ImportPreview => {
  const preview: ImportPreview = { fresh: [], present: [], refused: [], toSend: [] };
  items.forEach((item, index) => {
    const row = { index, title: titleOf(item, index) };
    const checked = importedActionable.safeParse(item);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path.map(String).join('.') ?? '';
      return void preview.refused.push({ ...row, reason: field ? `${field}: ${issue?.message ?? ''}` : (issue?.message ?? importMessages.invalidItem) });
    }
    if (checked.data.id && ownIds.has(checked.data.id)) return void preview.present.push({ ...row, reason: 'already present' });
    preview.fresh.push(row);
    preview.toSend.push(item);
  });
  return preview;
};
