/**
 * Whether a request's If-None-Match names `etag` (RFC 9110 §13.1.2: `*`, or a list of tags compared
 * weakly — W/ is ignored). Evaluated by the origin server whatever the request's Cache-Control says:
 * koa's `ctx.fresh` (the `fresh` package) answers false beside `Cache-Control: no-cache`, which
 * fetch() adds to every request carrying a hand-set If-None-Match, so a client polling with the tag
 * it kept would never get its 304.
 */
export const ifNoneMatchNames = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
};
