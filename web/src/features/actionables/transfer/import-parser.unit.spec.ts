import { describe, expect, it } from 'vitest';
import { anActionable } from '../../../testing/fixtures.ts';
import { importErrorLines, importMessages, parseImport, previewImport, readActionable, readActionableList, readAnswerItem } from './import-parser.ts';

const stored = anActionable({ deadline: '2026-11-23T17:00:00.000Z' });

describe('parsing an import (spec.md §5)', () => {
  it("refuses text that is not JSON: 'Failed to parse JSON data'", () => {
    expect(parseImport('{not json')).toEqual({ ok: false, message: 'Failed to parse JSON data' });
    expect(parseImport('')).toEqual({ ok: false, message: importMessages.notJson });
  });

  it("refuses anything but a non-empty array or {actionables: [...]}: 'Invalid actionables data format'", () => {
    for (const text of ['[]', '{"actionables": []}', '{"items": [{}]}', '"text"', '42', 'null', '{"actionables": {"title": "x"}}']) {
      expect(parseImport(text)).toEqual({ ok: false, message: 'Invalid actionables data format' });
    }
  });

  it("names an item that is not an object: 'Invalid actionable data'", () => {
    expect(parseImport('[{"title": "a"}, 7]')).toEqual({ ok: false, message: 'Invalid actionable data (item 2)' });
    expect(parseImport('{"actionables": [null]}')).toEqual({ ok: false, message: 'Invalid actionable data (item 1)' });
  });

  it('takes an export or a bare array as they are (the server checks the fields)', () => {
    const exported = { actionables: [stored, { title: 'Read' }], exportedAt: '2026-11-23T10:00:00.000Z', startDate: '2026-11-16', endDate: '2026-11-23' };
    expect(parseImport(JSON.stringify(exported))).toEqual({ ok: true, items: exported.actionables });
    expect(parseImport('[{"title": "Read", "weight": 99}]')).toEqual({ ok: true, items: [{ title: 'Read', weight: 99 }] });
  });
});

describe('reading items from the server (spec.md §5)', () => {
  it('keeps a well-formed item as it is', () => {
    expect(readActionable(stored, 0)).toEqual(stored);
  });

  it("turns a non-object into the placeholder with 'Invalid actionable data'", () => {
    expect(readActionable('oops', 3)).toMatchObject({
      id: 'invalid-3',
      title: 'Error: Invalid Actionable',
      active: false,
      description: 'This actionable could not be properly loaded',
      loadProblem: 'Invalid actionable data',
    });
  });

  it("turns an item without an id into the placeholder with 'Actionable missing ID'", () => {
    const { id: _id, ...withoutId } = stored;
    expect(readActionable(withoutId, 1)).toMatchObject({ id: 'invalid-1', title: 'Error: Invalid Actionable', loadProblem: 'Actionable missing ID' });
  });

  it("turns a malformed item into the placeholder 'Error: Invalid Actionable', inactive, 'This actionable could not be properly loaded'", () => {
    expect(readActionable({ ...stored, status: 'maybe' }, 0)).toMatchObject({
      id: stored.id,
      title: 'Error: Invalid Actionable',
      active: false,
      description: 'This actionable could not be properly loaded',
      loadProblem: 'Invalid actionable data',
    });
  });

  it("reads a create or update answer with no actionable object in it as 'Invalid response format from server'", () => {
    for (const answer of [null, '', [], {}, { actionable: 'x' }, { habit: stored }]) {
      expect(readAnswerItem('actionable')(answer)).toEqual({ error: 'Invalid response format from server' });
    }
    expect(readAnswerItem('habit')({ habit: stored })).toEqual({ data: stored });
    expect(readAnswerItem('habit')({ habit: { title: 'no id' } })).toEqual({ error: 'Actionable missing ID' });
  });

  it('reads a list as {actionables}, {habits} or a bare array', () => {
    expect(readActionableList({ actionables: [stored] }, 'actionables')).toEqual([stored]);
    expect(readActionableList({ habits: [stored, 5] }, 'habits').map((item) => item.title)).toEqual(['Buy milk', 'Error: Invalid Actionable']);
    expect(readActionableList([stored], 'habits')).toEqual([stored]);
    expect(readActionableList({ nothing: true }, 'actionables')).toEqual([]);
  });
});

describe('a refused import', () => {
  it('names each bad item (counted from 1) and its field', () => {
    expect(
      importErrorLines({
        'actionables.1.weight': 'must be a whole number from 1 to 10',
        'actionables.1.status': 'must be one of pending, in-progress, completed, not-approached',
        'actionables.12.recurrence.days': 'weekly recurrence needs at least one weekday',
        actionables: 'must hold at most 1,000 actionables',
      }),
    ).toEqual([
      'Item 2, weight: must be a whole number from 1 to 10',
      'Item 2, status: must be one of pending, in-progress, completed, not-approached',
      'Item 13, recurrence.days: weekly recurrence needs at least one weekday',
      'The list: must hold at most 1,000 actionables',
    ]);
  });
});

describe('previewing an import (issue 19, finding 7)', () => {
  const mine = 'c0ffee00-0000-4000-8000-000000000001';
  const theirs = 'c0ffee00-0000-4000-8000-000000000002';

  it('sorts items into new, already present (an id the user has) and refused (with the field and why); only the new are sent', () => {
    const items = [
      { id: mine, title: 'Mine already' },
      { id: theirs, title: 'Someone else’s id' },
      { title: 'Heavy', weight: 99 },
      { title: 'Plain' },
      { id: 'junk', title: '' },
      { title: 'Odd', deadline: 'someday' },
    ];
    const preview = previewImport(items, new Set([mine]));
    expect(preview.present).toEqual([{ index: 0, title: 'Mine already', reason: 'already present' }]);
    // Junk where an id goes is no id (and an empty title a create's default): new.
    expect(preview.fresh).toEqual([
      { index: 1, title: 'Someone else’s id' },
      { index: 3, title: 'Plain' },
      { index: 4, title: 'Item 5 (no title)' },
    ]);
    expect(preview.refused).toEqual([
      { index: 2, title: 'Heavy', reason: 'weight: must be a whole number from 1 to 10' },
      { index: 5, title: 'Odd', reason: expect.stringMatching(/^deadline: /) as string },
    ]);
    expect(preview.toSend).toEqual([items[1], items[3], items[4]]);
  });

  it('with no ids known, every valid item is new', () => {
    expect(previewImport([{ id: mine, title: 'A' }], new Set()).fresh).toEqual([{ index: 0, title: 'A' }]);
  });
});
