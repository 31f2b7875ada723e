export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/**
 * Where to go after login (spec.md §2): the `redirect` query parameter when it is a string, else
 * /dashboard. Only same-origin paths are followed, so a crafted link cannot send a user elsewhere.
 */
export const redirectTarget = (redirect: string | null): string =>
  typeof redirect === 'string' && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') ? redirect : DEFAULT_SIGNED_IN_PATH;

/** `/login?redirect=<path>`, keeping the slashes of the path readable. */
export const loginPathFor = (path: string): string => `/login?redirect=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
