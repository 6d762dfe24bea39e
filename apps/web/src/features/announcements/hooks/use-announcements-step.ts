/**
 * Step 2 of the client layout flow (spec 01 sections 2.3 and 4.5): unconfirmed announcements are
 * shown one by one and must be acknowledged; after the last one the post-login flag is cleared and
 * the current-client step follows.
 *
 * Seam: the announcement dialog is built in a later issue. Until then the step reports itself done.
 */
export function useAnnouncementsStep(_options: { enabled: boolean }): { done: boolean } {
  return { done: true };
}
