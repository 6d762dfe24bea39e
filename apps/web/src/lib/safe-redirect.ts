const FALLBACK = '/';

/**
 * The `redirect` query of /login comes from the address bar, so anyone can craft it. Only a path on
 * this origin is followed: a single leading slash, never `//host` or `/\host` (which browsers treat as
 * another host), never a full URL or `javascript:`.
 */
export function safeRedirect(value: string | null | undefined, fallback = FALLBACK): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes are stripped or normalised by some browsers before parsing.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return fallback;
  }
  try {
    const base = window.location.origin;
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const target = `${url.pathname}${url.search}${url.hash}`;
    // Going back to the login page after signing in would bounce straight to / anyway.
    return url.pathname === '/login' ? fallback : target;
  } catch {
    return fallback;
  }
}
