import { createHash } from 'node:crypto';
import type { AccountArchive } from '@tracker/contracts/archive/http';

/**
 * The canonical serialisation: JSON with every object's keys in code-unit order, no spaces, absent
 * (undefined) members left out — so the same archive serialises to the same bytes whatever
 * indentation or key order the file was saved with.
 */
export const canonicalJson = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
};

/** `sha256:<hex>` of the canonical serialisation of the manifest, the settings and the events. */
export const archiveChecksum = (archive: Omit<AccountArchive, 'checksum'>): string =>
  `sha256:${createHash('sha256')
    .update(canonicalJson({ manifest: archive.manifest, settings: archive.settings, events: archive.events }))
    .digest('hex')}`;
