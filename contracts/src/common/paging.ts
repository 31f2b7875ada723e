import { z } from 'zod';
import { id, instant, wholeNumberParam } from './fields.ts';

/** A list answers this many items when the request names no limit: more than a person scrolls through. */
export const PAGE_SIZE_DEFAULT = 500;
/** No list answers more than this many items in one body. */
export const PAGE_SIZE_MAX = 1000;

/**
 * Where a page of a newest-first list ended: the last item's creation instant and id (the list's
 * order, id breaking ties). The next page holds what comes strictly after it, so items created
 * meanwhile (newer, hence before it) neither repeat nor shift anything.
 */
export interface PagePosition {
  createdAt: string;
  id: string;
}

const cursorMessage = 'must be the nextCursor of an earlier page';

// btoa/atob, not Buffer: the web imports these schemas too. The text is ASCII (an instant and a uuid).
const toBase64Url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (value: string): string => atob(value.replace(/-/g, '+').replace(/_/g, '/'));

/** The cursor a page hands out: opaque to clients (base64url of `[createdAt, id]`). */
export const encodeCursor = (position: PagePosition): string => toBase64Url(JSON.stringify([position.createdAt, position.id]));

const decodedCursor = z.tuple([instant, id]);

/**
 * A cursor as a request sends it back. Not signed: a well-formed cursor only picks a position in the
 * caller's own list, so nothing is gained by forging one; anything else is a 400 naming `cursor`.
 */
export const cursorParam = z
  .string({ message: cursorMessage })
  .max(200, cursorMessage)
  .transform((value, ctx): PagePosition => {
    let decoded: unknown;
    try {
      decoded = /^[A-Za-z0-9_-]+$/.test(value) ? JSON.parse(fromBase64Url(value)) : undefined;
    } catch {
      decoded = undefined;
    }
    const parsed = decodedCursor.safeParse(decoded);
    if (parsed.success) return { createdAt: parsed.data[0], id: parsed.data[1].toLowerCase() };
    ctx.addIssue({ code: 'custom', message: cursorMessage });
    return z.NEVER;
  });

/** Query fields of every paged list: `limit` (1–1000, default 500) and the `cursor` of the page before. */
export const pageFields = {
  limit: wholeNumberParam(1, PAGE_SIZE_MAX).optional(),
  cursor: cursorParam.optional(),
};

/** Beside a list in its answer: the cursor of the next page, null on the last one. */
export const nextCursor = z.string().nullable();
