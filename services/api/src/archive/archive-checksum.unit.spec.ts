import { describe, expect, it } from 'vitest';
import { canonicalJson } from './archive-checksum.ts';
import { restoredId } from './account-restore.ts';

describe('the canonical serialisation the checksum is taken over', () => {
  it('is the same whatever the key order or spacing the file was saved with', () => {
    const saved = JSON.parse('{ "b": [1, {"y": "é", "x": null}], "a": "\\u0000" }');
    expect(canonicalJson(saved)).toBe('{"a":"\\u0000","b":[1,{"x":null,"y":"é"}]}');
    expect(canonicalJson({ a: '\u0000', b: [1, { x: null, y: 'é' }] })).toBe(canonicalJson(saved));
  });

  it('leaves out absent members and tells every other change apart', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});

describe('ids in the restoring account', () => {
  const account = '0c4f7d2e-5b1a-4c3d-8e9f-a1b2c3d4e5f6';
  const older = '2b7e1516-28ae-4d2a-abf7-158809cf4f3c';
  const newer = '2b7e1516-28ae-4d2a-abf8-058809cf4f3c';
  it('are new, the same on every retry, and sort among themselves as the archive’s did', () => {
    expect(restoredId(account, older)).not.toBe(older);
    expect(restoredId(account, older)).toBe(restoredId(account, older));
    expect(restoredId(account, older) < restoredId(account, newer)).toBe(older < newer);
    expect(restoredId(account, older)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differ between two accounts restoring the same archive', () => {
    expect(restoredId(account, older)).not.toBe(restoredId('9d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a', older));
  });
});
