import type { DocumentShareDto } from '@ledgerport/shared';

export type ShareState = 'active' | 'expired' | 'revoked';

/** A share link's state at `now`: revoked wins over expired; sign-in links (no expiry) stay active. */
export function shareState(
  share: Pick<DocumentShareDto, 'expiresAt' | 'revokedAt'>,
  now: Date = new Date(),
): ShareState {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && new Date(share.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}
